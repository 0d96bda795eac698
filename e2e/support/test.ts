import { test as base } from '@playwright/test';
import { recordMessages } from './messages.ts';

/** Playwright's test, whose own browser context records the messages it shows (see messages.ts). */
export const test = base.extend({
  context: async ({ context }, use) => {
    await recordMessages(context);
    await use(context);
  },
});
export { expect } from '@playwright/test';
