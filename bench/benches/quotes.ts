/**
 * Rating at volume: quotes for one shipment over every allotted demo service, at 10 connections over real
 * HTTP (POST /api/app/order/estimateRateMix with the shipment in the body), beside a bare Fastify route
 * answering the very same JSON under the same load; and a batch estimate of 10,000 drafts
 * (POST /api/app/order/batchEstimateRateMix until the job is done), beside 10,000 single quotes at the
 * measured rate.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Api } from '../lib/api.ts';
import { CONNECTIONS, type Load, load } from '../lib/load.ts';
import { type ServerProcess, startServer } from '../lib/procs.ts';
import type { Target } from '../lib/target.ts';
import { log, now, type Result, sleep } from '../lib/util.ts';
import { makeDrafts } from './labels.ts';

export const ESTIMATED_ORDERS = 10_000;

/** A US party for a bench shipment. */
export const party = (name: string, zipCode: string, city: string, stateCode: string) => ({
  personName: name,
  phone: '+1 555 0100',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});

/** One shipment, as the new-order screen rates it before saving. */
export const SHIPMENT = JSON.stringify({
  from: party('Bench Shipper', '90001', 'Los Angeles', 'CA'),
  to: party('Bench Recipient', '10118', 'New York', 'NY'),
  parcels: [{ length: 10, width: 8, height: 4, weight: 2 }],
});

/** Distinct shipments, one per request of a load: SHIPMENT with declared values of 1.00 to 200.00. */
function freshQuotes(quotePath: string) {
  const shipment = JSON.parse(SHIPMENT) as { parcels: Record<string, unknown>[] };
  return Array.from({ length: 19_900 }, (_, index) => ({
    method: 'POST' as const,
    path: quotePath,
    body: JSON.stringify({
      ...shipment,
      parcels: [{ ...shipment.parcels[0], insuredValue: ((100 + index) / 100).toFixed(2) }],
    }),
  }));
}

/** A batch estimate of `ids` as one job, waited for; answers the elapsed time and how many items failed. */
async function estimateInBatch(api: Api, ids: number[]): Promise<{ ms: number; failed: number }> {
  const start = now();
  const { jobId } = await api.call<{ jobId: number }>('POST', '/api/app/order/batchEstimateRateMix', { ids });
  for (;;) {
    const job = await api.call<{ status: string; failed: number }>('GET', `/api/app/jobs/${jobId}`);
    if (job.status !== 'queued' && job.status !== 'running') {
      if (job.status !== 'done') throw new Error(`estimate job ${jobId} ended ${job.status}`);
      return { ms: now() - start, failed: job.failed };
    }
    if (now() - start > 300_000) throw new Error(`estimate job ${jobId} still ${job.status} after 5 minutes`);
    await sleep(10);
  }
}

export async function quotesBench(
  db: 'sqlite' | 'postgres',
  target: Target,
  server: ServerProcess,
  api: Api,
  seconds: number,
): Promise<Result[]> {
  const headers = { ...api.headers({ 'content-type': 'application/json' }) };
  const quote = { method: 'POST' as const, path: '/api/app/order/estimateRateMix', body: SHIPMENT };
  const first = await fetch(server.url + quote.path, { method: 'POST', headers, body: SHIPMENT });
  const body = await first.text();
  const lines = (JSON.parse(body) as { data: unknown[] }).data;
  if (first.status !== 200 || lines.length === 0) throw new Error(`estimate answered ${first.status}: ${body}`);
  log(`${db}: a quote answers ${lines.length} services, ${body.length} bytes`);

  log(`${db}: warm-up, then ${seconds} s of quotes at ${CONNECTIONS} connections`);
  await load(server.url, [quote], headers, 2);
  const quotes: Load = await load(server.url, [quote], headers, seconds);
  if (quotes.errors > 0) throw new Error(`${quotes.errors} failed quotes`);

  // The same load with a new shipment in every request (its declared value differs), so that no quote is
  // answered from a kept one: what a quote costs when it is made.
  // A figure for context: its failures (autocannon's 10 s timeouts on an overloaded machine) are noted, not fatal.
  const fresh: Load = await load(server.url, freshQuotes(quote.path), headers, seconds);

  const payload = path.join(path.dirname(target.config.dataDir as string), `${db}-quote.json`);
  writeFileSync(payload, body);
  const bareServer = await startServer('bare', { BENCH_PAYLOAD: payload });
  let bare: Load;
  try {
    await load(bareServer.url, [{ method: 'GET', path: '/bare' }], headers, 2);
    bare = await load(bareServer.url, [{ method: 'GET', path: '/bare' }], headers, seconds);
  } finally {
    await bareServer.stop();
  }

  log(`${db}: ${ESTIMATED_ORDERS} drafts for the batch estimate`);
  const ids = await makeDrafts(api, target.raw, ESTIMATED_ORDERS);
  const batch = await estimateInBatch(api, ids);
  if (batch.failed > 0) throw new Error(`${batch.failed} estimates failed`);

  return [
    {
      bench: 'quotes',
      db,
      figure: `quotes/s, one shipment × ${lines.length} services, ${CONNECTIONS} connections`,
      value: quotes.rps,
      unit: 'req/s',
      target: { op: '>=', limit: 5000 },
      baseline: { name: 'bare Fastify, same JSON', value: bare.rps, unit: 'req/s' },
    },
    {
      bench: 'quotes',
      db,
      figure: 'quote p99, same load',
      value: quotes.p99,
      unit: 'ms',
      target: { op: '<', limit: 10 },
      baseline: { name: 'bare Fastify p99', value: bare.p99, unit: 'ms' },
      note: `p50 ${quotes.p50.toFixed(2)} ms, p95 ${quotes.p95.toFixed(2)} ms over ${quotes.requests} quotes`,
    },
    {
      bench: 'quotes',
      db,
      figure: 'quotes/s, a new shipment in every request (none kept)',
      value: fresh.rps,
      unit: 'req/s',
      target: null,
      baseline: { name: 'bare Fastify, same JSON', value: bare.rps, unit: 'req/s' },
      note: `fresh quotes: p50 ${fresh.p50.toFixed(2)} ms, p99 ${fresh.p99.toFixed(2)} ms over ${fresh.requests} quotes, ${fresh.errors} failed`,
    },
    {
      bench: 'quotes',
      db,
      figure: `batch estimate of ${ESTIMATED_ORDERS.toLocaleString('en-US')} orders`,
      value: batch.ms,
      unit: 'ms',
      target: { op: '<', limit: 3000 },
      baseline: {
        name: `${ESTIMATED_ORDERS.toLocaleString('en-US')} single quotes at that rate`,
        value: (ESTIMATED_ORDERS / quotes.rps) * 1000,
        unit: 'ms',
      },
    },
  ];
}
