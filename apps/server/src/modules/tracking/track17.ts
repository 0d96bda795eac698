import { createHash, timingSafeEqual } from 'node:crypto';
import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { Pace } from './pace.ts';
import type { TrackedParcel, TrackingProvider } from './provider.ts';

/** 17TRACK carrier codes of the carriers the platform issues labels for. */
const CARRIERS: Record<string, number> = { USPS: 21051, UPS: 100002, FEDEX: 100003 };

interface Track17Event {
  time_utc?: string | null;
  time_iso?: string | null;
  description?: string | null;
  location?: string | null;
  stage?: string | null;
  sub_status?: string | null;
}

interface Track17Info {
  latest_status?: { status?: string | null };
  tracking?: { providers?: { events?: Track17Event[] }[] };
}

/** 17TRACK's status names (API v2.2) as docs/spec.md §4 parcel states. */
const TRACK17_STATUS: Record<string, number> = {
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

/**
 * 17TRACK's key stages (an event's `stage`, the milestones of `milestone[].key_stage`, API v2.2) as parcel
 * states. A return's stages are exceptions, as 17TRACK's own status for them is (`Exception_Returning`).
 */
const TRACK17_STAGE: Record<string, number> = {
  InfoReceived: TRACKING_STATUS.infoReceived,
  PickedUp: TRACKING_STATUS.inTransit,
  Departure: TRACKING_STATUS.inTransit,
  Arrival: TRACKING_STATUS.inTransit,
  AvailableForPickup: TRACKING_STATUS.arrivedForPickup,
  OutForDelivery: TRACKING_STATUS.outForDelivery,
  Delivered: TRACKING_STATUS.delivered,
  Returning: TRACKING_STATUS.exception,
  Returned: TRACKING_STATUS.exception,
};

/**
 * An event's state: its sub-status (`InTransit_PickedUp`: the status before the underscore) or its stage where
 * it has one; the newest event is the parcel's latest status. The scans between milestones have neither (17TRACK's
 * documented push: "Origin Scan", "Arrived at Facility"): they are the parcel on its way, once the carrier holds it.
 */
function statusOfEvent(event: Track17Event, newest: boolean, latest: number | undefined): number {
  const fromEvent = TRACK17_STATUS[event.sub_status?.split('_')[0] ?? ''] ?? TRACK17_STAGE[event.stage ?? ''];
  if (fromEvent !== undefined) return fromEvent;
  if (newest && latest !== undefined) return latest;
  // A scan is the carrier holding the parcel, unless 17TRACK says no more than its information is in.
  return latest !== undefined && latest <= TRACKING_STATUS.infoReceived
    ? TRACKING_STATUS.infoReceived
    : TRACKING_STATUS.inTransit;
}

/** Events of a 17TRACK `track_info`, oldest first, with their states. */
export function eventsOfTrackInfo(info: Track17Info | undefined): TrackingEvent[] {
  const latest = TRACK17_STATUS[info?.latest_status?.status ?? ''];
  const events = (info?.tracking?.providers?.flatMap((provider) => provider.events ?? []) ?? [])
    .map((event) => ({ event, occurredAt: Date.parse(event.time_utc ?? event.time_iso ?? '') }))
    .filter(({ occurredAt }) => Number.isFinite(occurredAt))
    .sort((a, b) => a.occurredAt - b.occurredAt);
  return events.map(({ event, occurredAt }, index) => ({
    status: statusOfEvent(event, index === events.length - 1, latest),
    description: event.description ?? '',
    location: event.location ?? '',
    occurredAt,
  }));
}

/** 17TRACK's published limits (API v2.2): 3 requests a second, 40 numbers a call. */
export const TRACK17_REQUESTS_PER_SECOND = 3;
const TRACK17_NUMBERS_PER_CALL = 40;

/**
 * The 17TRACK API v2.2: numbers are registered once (`/register`), then fetched (`/gettrackinfo`) or
 * pushed to the platform's webhook, which checks the `sign` header: sha256 of the body, "/", the key. Every
 * call first waits for its turn (`pace`), which every instance shares (pace.ts).
 */
export function track17Provider(config: {
  apiUrl: string;
  apiKey: string;
  pace: Pace;
  fetchImpl?: typeof fetch;
}): TrackingProvider {
  const call = async (path: string, body: unknown) => {
    await config.pace();
    const response = await (config.fetchImpl ?? fetch)(`${config.apiUrl.replace(/\/$/, '')}/track/v2.2/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', '17token': config.apiKey },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`17TRACK ${path} answered ${response.status}`);
    return (await response.json()) as {
      code: number;
      data?: { accepted?: { number: string; track_info?: Track17Info }[] };
    };
  };
  const numbers = (parcels: TrackedParcel[]) =>
    parcels.map((parcel) => ({ number: parcel.trackingNumber, carrier: CARRIERS[parcel.carrierCode] }));
  return {
    code: '17track',
    async register(parcels) {
      for (let start = 0; start < parcels.length; start += TRACK17_NUMBERS_PER_CALL)
        await call('register', numbers(parcels.slice(start, start + TRACK17_NUMBERS_PER_CALL)));
    },
    async fetch(parcels) {
      const answers = new Map<string, TrackingEvent[]>();
      for (let start = 0; start < parcels.length; start += TRACK17_NUMBERS_PER_CALL) {
        const result = await call('gettrackinfo', numbers(parcels.slice(start, start + TRACK17_NUMBERS_PER_CALL)));
        for (const accepted of result.data?.accepted ?? [])
          answers.set(accepted.number, eventsOfTrackInfo(accepted.track_info));
      }
      return answers;
    },
  };
}

export function track17Signature(rawBody: string, apiKey: string): string {
  return createHash('sha256').update(`${rawBody}/${apiKey}`).digest('hex');
}

export function verifyTrack17Signature(rawBody: string, apiKey: string, sign: string | undefined): boolean {
  if (!sign || !apiKey) return false;
  const expected = Buffer.from(track17Signature(rawBody, apiKey));
  const given = Buffer.from(sign);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
