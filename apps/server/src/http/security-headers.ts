import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets with `options`, worked out once: helmet's middleware is a fixed list of headers
 * set and removed (no nonces here), but @fastify/helmet builds that middleware again on every request,
 * parsing the Content-Security-Policy each time.
 */
export function securityHeadersOf(options: HelmetOptions): { set: [string, string][]; removed: string[] } {
  const set = new Map<string, string>();
  const removed = new Set<string>();
  const res = {
    setHeader(name: string, value: unknown) {
      removed.delete(name.toLowerCase());
      set.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      set.delete(name.toLowerCase());
      removed.add(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return { set: [...set], removed: [...removed] };
}

/** Sets helmet's headers (securityHeadersOf) on every answer, errors included, from the list made once. */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const { set, removed } = securityHeadersOf(options);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of set) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    done();
  });
}
