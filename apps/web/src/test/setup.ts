import { cleanup, configure, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { setPlatformAPI } from 'echarts/core';
import { createElement } from 'react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { loadCatalogue, storedLocale } from '../i18n';

// Screens are tested with the whole catalogue, as the signed-in layout has it.
await loadCatalogue(storedLocale());

// The navigation progress bar animates on timers that can outlive a test file's jsdom; unit tests assert
// screens, not the bar, so it is inert here (browser tests see the real one).
vi.mock('nprogress', () => ({
  default: {
    configure: () => undefined,
    start: () => undefined,
    done: () => undefined,
    inc: () => undefined,
    set: () => undefined,
    remove: () => undefined,
  },
}));

// antd's static message and notification roots (the request client's, before the app binds its own) render
// without motion: in jsdom no animation ever ends, so a closing notice would stay half-closed and keep React
// work scheduled after the file's environment is gone ("window is not defined", twice in CI).
ConfigProvider.config({
  holderRender: (children) => createElement(ConfigProvider, { theme: { token: { motion: false } } }, children),
});

// How long findBy*/waitFor wait for a condition. Screens load lazily and antd renders slowly in jsdom: on
// a busy machine (two cores shared with other work) the first import of a screen takes seconds. A wait
// ends as soon as its condition holds, so room here costs nothing when the suite passes. Beside the two
// server suites (npm test runs them side by side) a fund-details screen once took over 30 s to draw.
configure({ asyncUtilTimeout: 60_000 });

// antd reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}
if (!('ResizeObserver' in window)) {
  class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserver });
}

// jsdom draws no canvas: ECharts' SVG charts measure their text at a fixed width per character instead.
setPlatformAPI({ measureText: (text = '') => ({ width: text.length * 7 }) as TextMetrics });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  // and no cookie (the app keeps one: utils/lookCookie.ts)
  for (const name of document.cookie.split(';').map((pair) => pair.split('=')[0]?.trim())) {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
});

/**
 * Where the screen shows an i18next placeholder that was never filled (`Sales ({{currency}})`): a text
 * called without its values. Checked after every test, before the screen is taken down, so that every
 * screen a test renders is checked; the two languages have the same placeholders per key (locales.test.ts).
 */
function unfilledPlaceholders(): string[] {
  const texts = [document.body.textContent ?? ''];
  for (const element of document.body.querySelectorAll('[title], [placeholder], [aria-label], [alt]')) {
    for (const name of ['title', 'placeholder', 'aria-label', 'alt']) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.flatMap((text) => text.match(/[^{}\n]{0,30}\{\{\w*\}\}[^{}\n]{0,10}/g) ?? []);
}

afterEach(() => {
  const unfilled = unfilledPlaceholders();
  cleanup();
  if (unfilled.length > 0) throw new Error(`the screen shows unfilled placeholders: ${unfilled.join(' | ')}`);
  // A test that moved the clock by hand and failed before giving it back does not leave it to the next.
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// antd's message and notification roots close their notices on timers, and React renders on the scheduler's
// later turns. End the notices and let React finish while this file's jsdom still exists: on a busy machine
// the worker outlives the environment's teardown long enough for a late render to run without a window (it
// failed a CI run so). Conditions and turns of the event loop, not pauses.
// A closed notice stays in jsdom in its leave state (no animation ever ends there) and schedules nothing.
const openNotices = () =>
  Array.from(document.querySelectorAll('.ant-message-notice, .ant-notification-notice-wrapper')).filter(
    (notice) => !/-leave\b/.test(notice.className),
  );
afterAll(async () => {
  if (openNotices().length > 0) {
    const { message, notification } = await import('antd');
    message.destroy();
    notification.destroy();
    await waitFor(() => {
      if (openNotices().length > 0) throw new Error('notices are still open');
    });
  }
  // React runs the effects of its last commit on the scheduler's next turns (setImmediate); let them pass.
  for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
});
