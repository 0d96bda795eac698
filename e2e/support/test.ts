import { test as base } from '@playwright/test';
import { prepareContext } from './context.ts';

/** Playwright's test, whose own browser context is prepared as every other of the suite (see context.ts). */
export const test = base.extend({
  context: async ({ context }, use) => {
    await prepareContext(context);
    await use(context);
  },
});
export { expect } from '@playwright/test';
