import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import '../i18n';

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

// How long findBy*/waitFor wait for a condition. Screens load lazily and antd renders slowly in jsdom: on
// a busy machine (two cores shared with other work) the first import of a screen takes seconds. A wait
// ends as soon as its condition holds, so room here costs nothing when the suite passes.
configure({ asyncUtilTimeout: 30_000 });

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

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// React's scheduler and antd's message/notification roots finish their work on later ticks; let them run
// while this file's jsdom still exists, so none of it lands after the environment is torn down.
afterAll(async () => {
  for (let tick = 0; tick < 5; tick++) await new Promise((resolve) => setTimeout(resolve, 20));
});
