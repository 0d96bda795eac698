import { DAY_MS, type Locale, ORDER_STATUS, TRACKING_STATUS, withoutDemoMark } from '@parcelport/shared';
import { PUBLIC_TRACKING_ID, type PublicTracking } from '@parcelport/shared/contracts/tracking/public-page';
import type { AppContext } from '../../context.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { type EffectiveBrand, effectiveBrand, logoOf } from '../branding/index.ts';
import { findOrder, isLiveRejection, type OrderRow, orderIdOfPage, parseAddress } from '../orders/index.ts';
import { eventsOfParcels, trackedParcelsOfOrder } from './repo.ts';

/**
 * What a label's public page shows (issue 28): read by `/t/<publicId>` (tracking/page-html.ts) and by
 * `GET /api/public/tracking/:publicId`. Of the recipient only the city, state and country are read out of
 * the address; name, street, phone and e-mail never leave this function.
 */

/** A label that is still live: bought and not voided or refunded. */
const LIVE = new Set<number>([
  ORDER_STATUS.pendingTransport,
  ORDER_STATUS.inTransit,
  ORDER_STATUS.delivered,
  ORDER_STATUS.cancelling,
]);

/** The order behind a public id when its label is live; anything else (malformed, unknown, voided) is none. */
export async function pageOrder(db: Db, publicId: string): Promise<OrderRow | undefined> {
  if (!PUBLIC_TRACKING_ID.test(publicId)) return undefined;
  const orderId = await orderIdOfPage(db, publicId);
  const order = orderId === undefined ? undefined : await findOrder(db, orderId);
  if (!order || !(LIVE.has(order.status) || isLiveRejection(order))) return undefined;
  return order;
}

/** The day the label's service said it would arrive (YYYY-MM-DD), from the quote it was bought at. */
export function expectedDelivery(order: Pick<OrderRow, 'estimate' | 'label_created_at'>): string | null {
  if (!order.estimate || order.label_created_at === null) return null;
  let days: unknown;
  try {
    days = (JSON.parse(order.estimate) as { deliveryDays?: unknown }).deliveryDays;
  } catch {
    return null;
  }
  if (typeof days !== 'number' || days <= 0) return null;
  return new Date(order.label_created_at + days * DAY_MS).toISOString().slice(0, 10);
}

/** The parcel's (or, for several, the order's) state: delivered once all are, else the latest news. */
function overallStatus(parcels: { tracking_status: number; tracking_updated_at: number | null }[]): number {
  if (parcels.length === 0) return TRACKING_STATUS.notFound;
  if (parcels.every((parcel) => parcel.tracking_status === TRACKING_STATUS.delivered)) return TRACKING_STATUS.delivered;
  const onTheWay = parcels.filter((parcel) => parcel.tracking_status !== TRACKING_STATUS.delivered);
  return [...onTheWay].sort((a, b) => (b.tracking_updated_at ?? 0) - (a.tracking_updated_at ?? 0))[0]
    ?.tracking_status as number;
}

export async function publicTracking(
  db: Db,
  publicId: string,
  order: OrderRow,
  locale: Locale,
): Promise<{ view: PublicTracking; brand: EffectiveBrand }> {
  const parcels = await trackedParcelsOfOrder(db, order.id);
  const events = await eventsOfParcels(
    db,
    parcels.map((parcel) => parcel.id),
  );
  const stateOf = (status: number) => translate(`tracking${status}` as MessageKey, locale);
  const status = overallStatus(parcels);
  // Before the carrier's first scan the platform's state is "not found"; a recipient reads that the label is made.
  const pageStateOf = (status: number) =>
    status === TRACKING_STATUS.notFound ? translate('trackPageLabelCreated', locale) : stateOf(status);
  const to = parseAddress(order.to_address);
  const brand = await effectiveBrand(db, order.user_id);
  const view: PublicTracking = {
    status,
    state: pageStateOf(status),
    carrierCode: order.carrier_code,
    // The carrier's name for the service, without the demo channels' mark.
    serviceName: order.service_name === null ? null : withoutDemoMark(order.service_name),
    shippedAt: isoTime(order.label_created_at),
    expectedDelivery: status === TRACKING_STATUS.delivered ? null : expectedDelivery(order),
    destination: {
      city: to.city ?? '',
      stateCode: to.stateCode ?? '',
      countryCode: to.countryCode ?? '',
    },
    parcels: parcels
      .filter((parcel) => parcel.tracking_no !== null)
      .map((parcel) => ({
        trackingNo: parcel.tracking_no as string,
        status: parcel.tracking_status,
        state: pageStateOf(parcel.tracking_status),
      })),
    events: events.map((event) => ({
      status: event.status,
      state: stateOf(event.status),
      description: event.description,
      location: event.location,
      time: isoTime(event.occurred_at) as string,
    })),
    brand: {
      name: brand.name,
      logoUrl: brand.logoAttachmentId === null ? null : `/t/${publicId}/logo`,
      color: brand.color,
      supportEmail: brand.supportEmail,
      supportPhone: brand.supportPhone,
      supportUrl: brand.supportUrl,
    },
  };
  return { view, brand };
}

/** The logo of the brand a page is shown under, or null. */
export async function pageLogo(ctx: AppContext, publicId: string) {
  const order = await pageOrder(ctx.db, publicId);
  if (!order) return null;
  return logoOf(ctx, await effectiveBrand(ctx.db, order.user_id));
}
