import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The requests being counted. Fastify runs one of the two ending hooks per request today; ending each
 * request once keeps the count right should a response both fail and lose its client.
 */
const counted = new WeakSet<FastifyRequest>();

/**
 * Counts the calls being answered (received, their answer not yet sent nor cut off), so background work can
 * yield to them; `idle` runs each time the count falls back to none.
 *
 * A call ends at the first of Fastify's `onResponse` (its answer sent, or the response failed) and
 * `onRequestAbort` (the client went away first). Neither adds a listener to the response: the static files'
 * wildcard route already awaits its reply about ten times on its way to the not-found handler (once per
 * precompressed candidate and nested handler, each adding a `close` listener), and one more listener per
 * response took a client route past Node's limit of 10 and printed a MaxListenersExceededWarning on every
 * visit.
 */
export function countCallsInFlight(app: FastifyInstance, idle: () => void): { busy: () => boolean } {
  let inFlight = 0;
  const end = async (request: FastifyRequest) => {
    if (!counted.delete(request)) return;
    inFlight--;
    if (inFlight === 0) idle();
  };
  app.addHook('onRequest', async (request) => {
    counted.add(request);
    inFlight++;
  });
  app.addHook('onResponse', end);
  app.addHook('onRequestAbort', end);
  return { busy: () => inFlight > 0 };
}
