import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type APIRequestContext, expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../playwright.config.ts';
import { adminToken, apiLogin } from './api.ts';
import { call } from './flows.ts';
import { type Customer, createCustomer } from './ui.ts';

/** A US address for set-up through the API. */
export const usAddress = (zipCode: string, city: string, stateCode: string, personName: string) => ({
  personName,
  phone: '310-555-0100',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});

/** One 6 x 6 x 6 in, 1 lb parcel from Beverly Hills to New York, sent by `senderName`. */
export const domesticShipment = (senderName: string) => ({
  from: usAddress('90210', 'Beverly Hills', 'CA', senderName),
  to: usAddress('10118', 'New York', 'NY', 'Grace Buyer'),
  parcels: [{ length: 6, width: 6, height: 6, weight: 1, massUnit: 'lb', distanceUnit: 'in' }],
});

/** Puts `amount` USD in a customer's wallet, as the administrator. */
export async function fundCustomer(request: APIRequestContext, userId: number, amount: string, remark: string) {
  await call(request, await adminToken(request), '/api/admin/balance/adjust', {
    userId,
    currency: 'USD',
    amount,
    remark,
  });
}

/**
 * Saves the shipment as a draft and buys its label at the first available service (of `channelName` when
 * given); the quote line bought, the order's id and number, and its tracking number.
 */
export async function buyLabelThroughApi(
  request: APIRequestContext,
  token: string,
  shipment: object,
  channelName?: string,
) {
  const draft = (await call(request, token, '/api/app/order/draft', shipment)) as { orderId: number; orderNo: string };
  const lines = (await call(request, token, '/api/app/order/estimateRateMix', { orderId: draft.orderId })) as {
    serviceId: number;
    channelName: string;
    available: boolean;
    price: string;
  }[];
  const line = lines.find((item) => item.available && (channelName === undefined || item.channelName === channelName));
  expect(line, JSON.stringify(lines)).toBeDefined();
  const order = (await call(request, token, '/api/app/order/label/create', {
    orderId: draft.orderId,
    serviceId: line?.serviceId,
  })) as { tackNo: string | null };
  // The order's tracking number, under its legacy name (docs/api.md).
  return {
    ...(line as { serviceId: number; price: string }),
    orderId: draft.orderId,
    orderNo: draft.orderNo,
    trackingNo: order.tackNo as string,
  };
}

const DAY = 86_400_000;

/**
 * The carrier's part, which no screen does: the parcel was scanned in transit 20 days ago and nothing since
 * (what the tracking refresh would have written), so a lost-parcel claim is open. The background refresh may
 * flag it 'in transit too long' meanwhile; that flag is not a scan and leaves the claim open.
 */
export function scannedLongAgo(orderId: number) {
  const db = new DatabaseSync(path.resolve(import.meta.dirname, '..', E2E_DATA_DIR, 'parcelport.db'));
  try {
    db.exec('pragma busy_timeout = 10000');
    const now = Date.now();
    db.prepare('update orders set status = 2, label_created_at = ? where id = ?').run(now - 22 * DAY, orderId);
    const scannedAt = now - 20 * DAY;
    db.prepare('update parcels set tracking_status = 2, tracking_updated_at = ? where order_id = ?').run(
      scannedAt,
      orderId,
    );
    db.prepare(
      `insert into tracking_events (parcel_id, order_id, status, description, location, occurred_at, created_at)
       select id, order_id, 2, 'In transit', 'Los Angeles, CA', ?, ? from parcels where order_id = ?`,
    ).run(scannedAt, scannedAt, orderId);
  } finally {
    db.close();
  }
}

/** A new merchant (made through the API), signed in, with one draft from Ada Sender: what a list screen shows. */
export async function merchantWithDraft(
  request: APIRequestContext,
  prefix: string,
): Promise<{ merchant: Customer; token: string; draft: { orderId: number; orderNo: string } }> {
  const merchant = await createCustomer(request, { prefix });
  const token = await apiLogin(request, merchant.email, merchant.password);
  const draft = (await call(request, token, '/api/app/order/draft', domesticShipment('Ada Sender'))) as {
    orderId: number;
    orderNo: string;
  };
  return { merchant, token, draft };
}
