import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';

export interface TrackedParcel {
  trackingNumber: string;
  carrierCode: string;
  isTest: boolean;
  /** When the label was created (the simulated provider's clock starts there). */
  labelCreatedAt: number;
}

/**
 * Where tracking comes from: a provider registers numbers, fetches their events, and may push updates to
 * a webhook. The platform keeps the events and moves parcel and order states from them.
 */
export interface TrackingProvider {
  readonly code: string;
  register(parcels: TrackedParcel[]): Promise<void>;
  fetch(parcels: TrackedParcel[]): Promise<Map<string, TrackingEvent[]>>;
}

/** 17TRACK's status names (API v2.2) as docs/spec.md §4 parcel states. */
export const TRACK17_STATUS: Record<string, number> = {
  NotFound: TRACKING_STATUS.notFound,
  InfoReceived: TRACKING_STATUS.infoReceived,
  InTransit: TRACKING_STATUS.inTransit,
  AvailableForPickup: TRACKING_STATUS.arrivedForPickup,
  OutForDelivery: TRACKING_STATUS.outForDelivery,
  DeliveryFailure: TRACKING_STATUS.deliveryFailed,
  Delivered: TRACKING_STATUS.delivered,
  Exception: TRACKING_STATUS.exception,
  Expired: TRACKING_STATUS.transitTooLong,
};
