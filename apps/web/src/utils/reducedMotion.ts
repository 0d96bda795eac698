import { useSyncExternalStore } from 'react';

/**
 * The reader's system asks for less motion (WCAG 2.3.3): antd's motion is turned off (theme.ts) and the app's
 * own scrolls jump. antd's styles already still its spinners and shimmer for such a reader; a blanket rule of
 * our own (every transition 0.01 ms) was tried and placed antd's popups 1,000 screens away, since they measure
 * themselves while moving in from off screen.
 */
const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function query(): MediaQueryList | null {
  // No window (or no matchMedia, as in jsdom) where the build draws its screens: motion as usual.
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(REDUCED_MOTION)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const reduced = () => query()?.matches ?? false;

/** Whether the reader asked for reduced motion, following a change of the system setting. */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, reduced, () => false);
}

/** How a scroll the app makes moves: at once for a reader who asked for reduced motion, else smoothly. */
export const scrollBehavior = (): ScrollBehavior => (reduced() ? 'auto' : 'smooth');
