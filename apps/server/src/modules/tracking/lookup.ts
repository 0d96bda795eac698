import type { Locale } from '@parcelport/shared';
import { TRACKING_STATUS } from '@parcelport/shared';
import type { SubscriptionBody, TrackedParcel } from '@parcelport/shared/contracts/tracking/schemas';
import type { AppContext } from '../../context.ts';
import { invalidFields } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { refuseUnsafeTarget } from '../../outbound/target.ts';
import { ownPages } from '../orders/index.ts';
import { addSubscription, eventsOfParcels, ownParcelsByTrackingNo } from './repo.ts';
import { refreshTracking, type TrackingProviders } from './service.ts';

/** A merchant's tracking query and subscriptions (docs/spec.md §2 tracking). */

/** Each number's parcel among the account's, with its state and events in the caller's language. */
export async function trackOwnParcels(
  db: Db,
  userId: number,
  numbers: readonly string[],
  locale: Locale,
): Promise<TrackedParcel[]> {
  const parcels = await ownParcelsByTrackingNo(db, userId, numbers);
  const events = await eventsOfParcels(
    db,
    parcels.map((parcel) => parcel.id),
  );
  const stateOf = (status: number) => translate(`tracking${status}` as MessageKey, locale);
  return numbers.map((number) => {
    const parcel = parcels.find((p) => p.tracking_no === number);
    const status = parcel?.tracking_status ?? TRACKING_STATUS.notFound;
    const unscanned = parcel !== undefined && status === TRACKING_STATUS.notFound;
    return {
      trackingNo: number,
      found: Boolean(parcel),
      orderId: parcel?.order_id ?? null,
      orderNo: parcel?.order_no ?? null,
      carrierCode: parcel?.carrier_code ?? null,
      serviceName: parcel?.service_name ?? null,
      status,
      state: unscanned ? translate('trackingLabelCreated', locale) : stateOf(status),
      events: events
        .filter((event) => event.parcel_id === parcel?.id)
        .map((event) => ({
          status: event.status,
          state: stateOf(event.status),
          description: event.description,
          location: event.location,
          time: isoTime(event.occurred_at) as string,
        })),
    };
  });
}

/**
 * Asks the providers about the account's parcels among `numbers` now (the query's "refresh"), and about
 * nobody else's: a merchant's click never sets off a round over the whole platform.
 */
export async function refreshOwnParcels(
  ctx: AppContext,
  providers: TrackingProviders,
  userId: number,
  numbers: readonly string[],
): Promise<void> {
  const parcels = await ownParcelsByTrackingNo(ctx.db, userId, numbers);
  if (parcels.length === 0) return;
  await refreshTracking(
    ctx,
    providers,
    ctx.config.transitTooLongDays,
    parcels.map((parcel) => parcel.id),
  );
}

/** Subscribes to one of the account's own parcels; anyone else's number is refused on `trackingNo`. */
export async function subscribe(ctx: AppContext, userId: number, body: SubscriptionBody): Promise<void> {
  const [parcel] = await ownParcelsByTrackingNo(ctx.db, userId, [body.trackingNo]);
  if (!parcel) throw invalidFields({ trackingNo: 'trackingNotYours' });
  if (body.webhookUrl) await refuseUnsafeTarget(body.webhookUrl, ctx.config.webhookAllowedHosts, 'webhookUrl');
  await addSubscription(ctx.db, {
    userId,
    trackingNo: body.trackingNo,
    email: body.email ?? null,
    webhookUrl: body.webhookUrl ?? null,
  });
}

/** The public page's address of a tracking page id. */
export const trackingPageUrl = (publicUrl: string, publicId: string) => `${publicUrl.replace(/\/$/, '')}/t/${publicId}`;

/** The tracking page links of the account's orders among `orderIds`. */
export async function trackingLinksOf(ctx: AppContext, userId: number, orderIds: readonly number[]) {
  const pages = await ownPages(ctx.db, userId, orderIds);
  return pages.map((page) => ({ orderId: page.orderId, url: trackingPageUrl(ctx.config.publicUrl, page.publicId) }));
}
