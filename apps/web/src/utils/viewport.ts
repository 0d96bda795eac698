import { useEffect, useState } from 'react';

/** docs/spec.md §9: resize handling is debounced by 300 ms. */
export const RESIZE_DEBOUNCE_MS = 300;

/** Below this width the device is mobile: the rem base applies and the signed-in menu starts collapsed. */
export const MOBILE_BREAKPOINT = 992;

/** docs/spec.md §9: the mobile rem base is one tenth of the viewport's width, capped at a 540 px design width. */
export const remBase = (width: number) => Math.min(width, 540) / 10;

/** Calls `handler` once the window has stopped resizing for 300 ms; returns the unsubscription. */
export function onResizeSettled(handler: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(handler, RESIZE_DEBOUNCE_MS);
  };
  window.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}

/** Whether the window is narrower than `width`, following resizes once they settle. */
export function useNarrower(width: number): boolean {
  // No window where the build draws the sign-in page (src/prerender): a wide one.
  const [narrower, setNarrower] = useState(() => typeof window !== 'undefined' && window.innerWidth < width);
  useEffect(() => {
    const update = () => setNarrower(window.innerWidth < width);
    update();
    return onResizeSettled(update);
  }, [width]);
  return narrower;
}

/**
 * On a mobile device the root's font size is the rem base, which the phone styles size themselves from
 * (styles.css); a desktop keeps the browser's.
 */
export function useRemBase(mobile: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!mobile) {
      root.style.removeProperty('font-size');
      return;
    }
    const apply = () => {
      root.style.fontSize = `${remBase(window.innerWidth)}px`;
    };
    apply();
    const unsubscribe = onResizeSettled(apply);
    return () => {
      unsubscribe();
      root.style.removeProperty('font-size');
    };
  }, [mobile]);
}
