import type { FastifyInstance } from 'fastify';

/**
 * Discards what is left of a request body once its answer has been sent. A route may answer before it
 * has read the whole body (an upload refused for its name, its fields or its caller while the file is
 * still arriving); multipart has piped the request into its parser, which waits for a reader that will
 * never come, so Node does not discard the rest itself and the keep-alive connection stalls behind it.
 * One hook for every route, present and future, instead of a drain in each upload's reader. A body sent
 * too slowly is still bounded by the server's request timeout.
 */
export function installUnreadBodyDrain(app: FastifyInstance): void {
  app.addHook('onResponse', async (request) => {
    const raw = request.raw;
    if (raw.readableEnded || raw.destroyed) return;
    raw.unpipe();
    raw.resume();
  });
}
