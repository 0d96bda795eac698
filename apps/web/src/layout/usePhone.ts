import { useEffect, useState } from 'react';

/** Below this width the menu is a drawer and the navbar keeps only what a phone needs (issue 14). */
export const PHONE_BREAKPOINT = 768;

const isPhone = () => window.innerWidth < PHONE_BREAKPOINT;

/** True on a phone-sized window, following resizes (and a phone turned sideways). */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(isPhone);
  useEffect(() => {
    const update = () => setPhone(isPhone());
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return phone;
}

/**
 * docs/spec.md §9: on a mobile device the rem base is one tenth of the viewport's width, capped at a 540 px
 * design width; the app's own phone styles size themselves in rem from it. Desktop keeps the browser's.
 */
export function useRemBase(mobile: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    if (!mobile) {
      root.style.removeProperty('font-size');
      return;
    }
    const apply = () => {
      root.style.fontSize = `${Math.min(window.innerWidth, 540) / 10}px`;
    };
    apply();
    window.addEventListener('resize', apply);
    return () => {
      window.removeEventListener('resize', apply);
      root.style.removeProperty('font-size');
    };
  }, [mobile]);
}
