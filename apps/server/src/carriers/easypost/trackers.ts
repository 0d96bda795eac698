import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { AdapterDeps } from '../contract/channel.ts';
import type { TrackRequest } from '../contract/tracking.ts';
import { answerOf, type EasyPostTracker, easypostTracker } from './wire.ts';

/** EasyPost's tracker statuses as docs/spec.md §4 parcel states. */
const TRACKER_STATUS: Record<string, number> = {
  pre_transit: TRACKING_STATUS.infoReceived,
  in_transit: TRACKING_STATUS.inTransit,
  out_for_delivery: TRACKING_STATUS.outForDelivery,
  delivered: TRACKING_STATUS.delivered,
  available_for_pickup: TRACKING_STATUS.arrivedForPickup,
  failure: TRACKING_STATUS.deliveryFailed,
  return_to_sender: TRACKING_STATUS.exception,
  cancelled: TRACKING_STATUS.exception,
  error: TRACKING_STATUS.exception,
  unknown: TRACKING_STATUS.notFound,
};

/** A Tracker's details as tracking events. */
export function eventsOfTracker(tracker: EasyPostTracker): TrackingEvent[] {
  return tracker.tracking_details.map((detail) => ({
    status: TRACKER_STATUS[detail.status] ?? TRACKING_STATUS.notFound,
    description: detail.message,
    location: [detail.tracking_location?.city, detail.tracking_location?.state].filter(Boolean).join(', '),
    occurredAt: Date.parse(detail.datetime),
  }));
}

/** Each parcel's events, from a Tracker made (or found again: EasyPost answers the same one) for it. */
export async function easypostTrack(
  request: TrackRequest,
  { http }: AdapterDeps,
): Promise<Map<string, TrackingEvent[]>> {
  const events = new Map<string, TrackingEvent[]>();
  for (const parcel of request.parcels) {
    const answer = await http.send({
      operation: 'track',
      method: 'POST',
      path: '/v2/trackers',
      json: { tracker: { tracking_code: parcel.trackingNumber, carrier: parcel.carrierCode } },
    });
    events.set(parcel.trackingNumber, eventsOfTracker(answerOf(easypostTracker, answer, 'track')));
  }
  return events;
}
