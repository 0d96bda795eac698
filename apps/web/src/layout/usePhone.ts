import { useNarrower } from '../utils/viewport';

/** Below this width the menu is a drawer and the navbar keeps only what a phone needs (issue 14). */
export const PHONE_BREAKPOINT = 768;

/** True on a phone-sized window, following resizes (and a phone turned sideways) once they settle. */
export function usePhone(): boolean {
  return useNarrower(PHONE_BREAKPOINT);
}
