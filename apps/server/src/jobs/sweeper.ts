import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';

/** A piece of housekeeping every instance runs; it answers how many things it took care of. */
export interface Sweep {
  name: string;
  run: (ctx: AppContext) => Promise<number>;
}

/**
 * Runs the sweeps in the background of each app instance: once at start, then every `everyMs`. Each sweep
 * takes its rows with conditional updates, so instances sweeping the same database never handle one twice.
 */
export function startSweeps(
  ctx: AppContext,
  sweeps: readonly Sweep[],
  everyMs: number,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      for (const sweep of sweeps) {
        try {
          const handled = await sweep.run(ctx);
          if (handled > 0) log.warn({ handled }, sweep.name);
        } catch (error) {
          log.error({ err: error }, `${sweep.name} failed`);
        }
      }
    })().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
