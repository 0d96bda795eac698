/**
 * A 17TRACK API v2.2 stand-in for the `tracking` bench, in the bench process on 127.0.0.1: `register` and
 * `gettrackinfo` answered in the documented shapes (https://api.17track.net/en/doc?version=v2.2: `code`,
 * `data.accepted[]` with `number`, `carrier` and `track_info.latest_status` / `tracking.providers[].events[]`).
 * These are the fields the platform reads of 17TRACK's documented push (apps/server/test/conformance/fixtures/17track,
 * which the server tests' stand-in answers whole), with documented values. Every number is known to USPS with one event,
 * the shipper's information received at the label's time, so a parcel polled again does not change.
 * It notes when each request arrived and how many numbers it carried, for the quota's figures.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { text } from 'node:stream/consumers';

export interface Track17Call {
  /** Arrival, epoch ms. */
  at: number;
  path: string;
  numbers: number;
}

const USPS = 21051;

export async function startTrack17StandIn(apiKey: string) {
  const calls: Track17Call[] = [];
  const infoReceivedAt = new Date(Date.now() - 86_400_000).toISOString();
  const server = createServer(async (req, res) => {
    const at = Date.now();
    const body = await text(req);
    if (req.headers['17token'] !== apiKey) {
      res.writeHead(401).end();
      return;
    }
    const numbers = (JSON.parse(body) as { number: string }[]).map((item) => item.number);
    calls.push({ at, path: req.url ?? '', numbers: numbers.length });
    const registering = req.url === '/track/v2.2/register';
    const accepted = numbers.map((number) =>
      registering
        ? { number, carrier: USPS }
        : {
            number,
            carrier: USPS,
            track_info: {
              latest_status: { status: 'InfoReceived' },
              tracking: {
                providers: [
                  {
                    provider: { key: USPS, name: 'USPS' },
                    events: [
                      {
                        time_utc: infoReceivedAt,
                        description: 'Shipping Label Created, USPS Awaiting Item',
                        location: 'LOS ANGELES, CA',
                        stage: 'InfoReceived',
                      },
                    ],
                  },
                ],
              },
            },
          },
    );
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ code: 0, data: { accepted, rejected: [] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The most calls that arrived within any one second (a window starting at each call). */
export function busiestSecond(calls: readonly Track17Call[]): number {
  const times = calls.map((call) => call.at).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; first < times.length; first++) {
    while (last < times.length && (times[last] as number) < (times[first] as number) + 1000) last++;
    most = Math.max(most, last - first);
  }
  return most;
}
