import autocannon from 'autocannon';
import { percentile } from './util.ts';

/** The load every latency figure is measured under: 10 connections (docs/design.md §8). */
export const CONNECTIONS = 10;

export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  requests: number;
  errors: number;
}

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** autocannon for `seconds` against 127.0.0.1 at CONNECTIONS, the requests in turn; latencies kept per response. */
export async function load(
  url: string,
  requests: LoadRequest[],
  headers: Record<string, string>,
  seconds: number,
): Promise<Load> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections: CONNECTIONS, duration: seconds, headers, requests },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.total / (result.duration || seconds),
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: result.requests.total,
    errors: result.errors + result.non2xx + result.timeouts,
  };
}
