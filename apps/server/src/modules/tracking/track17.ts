import { createHash, timingSafeEqual } from 'node:crypto';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { Pace } from './pace.ts';
import { TRACK17_STATUS, type TrackedParcel, type TrackingProvider } from './provider.ts';

/** 17TRACK carrier codes of the carriers the platform issues labels for. */
const CARRIERS: Record<string, number> = { USPS: 21051, UPS: 100002, FEDEX: 100003 };

interface Track17Info {
  latest_status?: { status?: string };
  tracking?: {
    providers?: {
      events?: { time_utc?: string; time_iso?: string; description?: string; location?: string; stage?: string }[];
    }[];
  };
}

/** Events of a 17TRACK `track_info`, oldest first, with their states. */
export function eventsOfTrackInfo(info: Track17Info | undefined): TrackingEvent[] {
  const events = info?.tracking?.providers?.flatMap((provider) => provider.events ?? []) ?? [];
  return events
    .map((event) => ({
      status: TRACK17_STATUS[event.stage ?? ''] ?? TRACK17_STATUS[info?.latest_status?.status ?? ''] ?? 2,
      description: event.description ?? '',
      location: event.location ?? '',
      occurredAt: Date.parse(event.time_utc ?? event.time_iso ?? ''),
    }))
    .filter((event) => Number.isFinite(event.occurredAt))
    .sort((a, b) => a.occurredAt - b.occurredAt);
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
