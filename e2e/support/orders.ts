import { type APIRequestContext, expect } from '@playwright/test';
import { adminToken } from './api.ts';
import { call } from './flows.ts';

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
