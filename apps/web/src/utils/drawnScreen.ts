import { DRAWN_SCREEN_ID } from '@parcelport/shared';
import { useLayoutEffect } from 'react';

/**
 * The screen drawn at build time (issue 26, first screen; src/prerender/drawScreens.tsx), put ahead of #root by
 * the document's script before the app runs (packages/shared drawn-screens.ts): inert, under a cover, until the
 * app's own screen replaces it.
 */
function drawnScreen(): HTMLElement | null {
  return document.getElementById(DRAWN_SCREEN_ID);
}

/** Takes the drawn screen away, if there is one. */
export function removeDrawnScreen(): void {
  drawnScreen()?.remove();
}

/**
 * The drawn screen taken away in the commit in which the screen's own content is drawn (`drawn`), before that
 * paint: the drawing shows until the live screen can, never both, never neither.
 */
export function useDrawnScreenReplaced(drawn: boolean): void {
  useLayoutEffect(() => {
    if (drawn) removeDrawnScreen();
  }, [drawn]);
}

/**
 * The drawn screen taken away when the app shows something else at `pathname` (another screen, the sign-in page,
 * a screen refused: `showing` false), so that it never stands over what the app draws.
 */
export function useDrawnScreenLeft(pathname: string, showing: boolean): void {
  useLayoutEffect(() => {
    const drawn = drawnScreen();
    if (drawn && (!showing || drawn.dataset.path !== pathname)) drawn.remove();
  }, [pathname, showing]);
}
