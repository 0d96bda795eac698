import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import './styles.css';
import { restoreRememberedSession } from './utils/storage';

restoreRememberedSession();

// The sign-in page, where most first visits land, loads alongside the texts rather than after them.
if (window.location.pathname === '/login') void import('./pages/login/LoginPage');

const root = document.getElementById('root');
// The first screen is drawn in the reader's language, never as bare keys.
if (root) {
  void i18nReady.then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
