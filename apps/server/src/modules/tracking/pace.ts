import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../db/index.ts';
import { takePaceTurn } from './pace-repo.ts';

/** Waits for this call's turn at a provider's API before it goes out. */
export type Pace = () => Promise<void>;

/** The clock a pace reads and waits by; tests give their own. */
export interface PaceClock {
  now: () => number;
  wait: (ms: number) => Promise<unknown>;
}

const REAL_CLOCK: PaceClock = { now: Date.now, wait: sleep };

/** How much further apart than the quota allows turns are given. */
const PACE_MARGIN = 1.1;

/**
 * A provider's published request rate kept by every app instance together (issue 29): each call takes the
 * next turn from the database, `1000 / perSecond` ms after the turn before it whichever instance took that,
 * and waits for it. Instances polling and registering at once stay within the quota together, instead of
 * each one within all of it.
 */
export function sharedPace(db: Db, provider: string, perSecond: number, clock: PaceClock = REAL_CLOCK): Pace {
  // A tenth to spare: turns exactly 1000 / perSecond apart put perSecond + 1 calls within a second as soon as
  // one is a few milliseconds late on its way (seen in the tracking bench).
  const intervalMs = Math.ceil((1000 / perSecond) * PACE_MARGIN);
  return async () => {
    const turn = await takePaceTurn(db, provider, intervalMs, clock.now());
    const early = turn - clock.now();
    if (early > 0) await clock.wait(early);
  };
}
