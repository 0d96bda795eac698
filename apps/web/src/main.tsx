import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import { LANDING_PAGES } from './router/routes';
import './styles.css';
import { getToken, restoreRememberedSession } from './utils/storage';

restoreRememberedSession();

// The sign-in page, where most first visits land (and the public home page), loads alongside the texts, and
// the first screen is drawn once both are there: the page itself, not a skeleton it replaces (should it fail
// to load, the route's own loading takes over). Someone signed in is sent on from / and /login, so nothing
// is loaded for them there.
const path = window.location.pathname;
const sentOn = getToken() !== null && path !== '/home';
const firstScreen = sentOn ? undefined : LANDING_PAGES[path]?.preload().catch(() => undefined);

const root = document.getElementById('root');
// The first screen is drawn in the reader's language, never as bare keys.
if (root) {
  void Promise.all([i18nReady, firstScreen]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
