import { test as base } from '@playwright/test';
import { prepareContext } from './context.ts';

/**
 * Playwright's test, whose own browser context is prepared as every other of the suite (see context.ts), and
 * which closes every context it opened itself (`browser.newContext()`, signedInPage, phonePage) when it ends,
 * passed or failed. The browser lives as long as the worker: a context left open kept its pages running their
 * timers (the bell's and the lists' polling) for the rest of the suite, some ten renderers at 6-9 % of a core
 * each, on the same two cores as the tests after it.
 */
export const test = base.extend<{ contextsClosed: undefined }>({
  context: async ({ context }, use) => {
    await prepareContext(context);
    await use(context);
  },
  contextsClosed: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
export { expect } from '@playwright/test';
