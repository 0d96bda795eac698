import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import { appRouter } from './router';
import { LANDING_PAGES, preloadScreen } from './router/routes';
import { startUserInfo } from './stores/session';
import './styles.css';
import { keepLookCookie } from './utils/lookCookie';
import { getToken, restoreRememberedSession } from './utils/storage';

restoreRememberedSession();
keepLookCookie();

// The sign-in page, where most first visits land (and the public home page), loads alongside the texts, and
// the first screen is drawn once both are there: the page itself, not a skeleton it replaces (should it fail
// to load, the route's own loading takes over). Someone signed in is sent on from / and /login, so nothing
// is loaded for them there; landing on a screen, they get the screen's code, the layout's and their texts at
// once, with the user's details asked for meanwhile, rather than each after the one before.
const path = window.location.pathname;
const signedIn = getToken() !== null && path !== '/home';
const screen = signedIn ? preloadScreen(path) : LANDING_PAGES[path]?.preload();
if (screen && signedIn) {
  appRouter(); // where a session found ended goes on to the sign-in page
  startUserInfo();
}
const firstScreen = screen?.catch(() => undefined);

const root = document.getElementById('root');
// The first screen is drawn in the reader's language, never as bare keys.
// On /login, #root holds the sign-in form drawn at build time (src/prerender) until then. createRoot, not
// hydrateRoot: the drawing is one of four (language, theme), the app's tree around it (router, guard) is not
// drawn, and the drawn form's fields may hold what the visitor typed, so hydrating would meet mismatches and
// render anew all the same, with errors. createRoot replaces the drawing in the commit of the first render,
// before the next paint, and the form carries its entry over (features/sign-in/drawnEntry.ts).
if (root) {
  void Promise.all([i18nReady, firstScreen]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
