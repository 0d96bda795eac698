import { createServer } from 'node:http';
import { text } from 'node:stream/consumers';
import { bodyOf, fixture } from './conformance/replay.ts';

/** A scan the stand-in reports: 17TRACK's event fields, and the parcel's status (`latest_status`) once it is the newest. */
export interface Track17Scan {
  time_utc: string;
  description: string;
  location: string;
  /** A key stage where the scan marks one (`PickedUp`, `Delivered`…), null for the scans between. */
  stage: string | null;
  status: string;
}

type Json = Record<string, unknown>;

/** 17TRACK's documented push (conformance/fixtures/17track): its `track_info` is the shape the stand-in answers in. */
export const DOCUMENTED_PUSH = bodyOf(fixture('17track', 'webhook-tracking-updated')) as {
  event: string;
  data: Json & { track_info: Json & { tracking: Json & { providers: (Json & { events: Json[] })[] } } };
};

/** The key stages 17TRACK documents (`milestone[].key_stage`), the only values an event's `stage` takes. */
export const KEY_STAGES = (DOCUMENTED_PUSH.data.track_info.milestone as { key_stage: string }[]).map(
  (milestone) => milestone.key_stage,
);

/**
 * A `track_info` of 17TRACK's documented shape holding `scans` (oldest first; 17TRACK lists the newest first).
 * A stage 17TRACK does not document is refused: the stand-in must not speak a misreading of the API (it once
 * sent `InTransit`, a status, as a stage).
 */
export function trackInfoOf(scans: readonly Track17Scan[]): Json {
  const undocumented = scans.find((scan) => scan.stage !== null && !KEY_STAGES.includes(scan.stage));
  if (undocumented) throw new Error(`17TRACK documents no stage ${undocumented.stage}`);
  const documented = structuredClone(DOCUMENTED_PUSH.data.track_info);
  // 17TRACK's sub-status of a status without a finer one (`Delivered_Other`; InfoReceived's is itself).
  const latest = scans.at(-1)?.status ?? 'NotFound';
  const [provider] = documented.tracking.providers;
  const [eventShape] = provider?.events ?? [];
  const events = [...scans]
    .reverse()
    .map(({ status: _status, ...scan }) => ({ ...eventShape, ...scan, time_iso: scan.time_utc, sub_status: null }));
  return {
    ...documented,
    latest_status: {
      status: latest,
      sub_status: latest === 'InfoReceived' ? latest : `${latest}_Other`,
      sub_status_descr: null,
    },
    latest_event: events[0] ?? null,
    tracking: { ...documented.tracking, providers: [{ ...provider, events }] },
  };
}

/** A stand-in for 17TRACK's API v2.2 (register, gettrackinfo), answering in its documented shapes. */
export function track17StandIn(apiKey: string, scans: Map<string, Track17Scan[]>) {
  const registered: string[] = [];
  /** Every number asked about, once per time it was asked. */
  const fetched: string[] = [];
  const server = createServer(async (req, res) => {
    const body = await text(req);
    if (req.headers['17token'] !== apiKey) {
      res.writeHead(401).end();
      return;
    }
    const asked = JSON.parse(body) as { number: string; carrier?: number }[];
    const numbers = asked.map((item) => item.number);
    res.setHeader('content-type', 'application/json');
    if (req.url === '/track/v2.2/register') {
      registered.push(...numbers);
      const accepted = asked.map(({ number, carrier }) => ({ number, carrier }));
      res.end(JSON.stringify({ code: 0, data: { accepted, rejected: [] } }));
      return;
    }
    fetched.push(...numbers);
    const accepted = asked.map(({ number, carrier }) => ({
      number,
      carrier,
      param: null,
      tag: '',
      track_info: trackInfoOf(scans.get(number) ?? []),
    }));
    res.end(JSON.stringify({ code: 0, data: { accepted, rejected: [] } }));
  });
  return { server, registered, fetched };
}
