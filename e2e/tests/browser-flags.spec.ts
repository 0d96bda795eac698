import { readFileSync } from 'node:fs';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH, OMNIBOX_WEBUI_FEATURES, SUITE_CHROMIUM_PATH } from '../support/chromium.ts';
import { test } from '../support/test.ts';

/**
 * The suite's browser (the headless shell) and the bench's `web` (the reader's Chromium), each launched with
 * CHROMIUM_ARGS, keep the features Playwright disables as well as ours: Chromium applies only the last
 * `--disable-features` of its command line, and ours comes after Playwright's (e2e/support/chromium.ts). Read off
 * the running browser's own command line, so a Playwright upgrade that changes its list fails here, not in a spec
 * that meets a re-enabled feature.
 */
for (const [browser, executablePath] of [
  ['the suite', SUITE_CHROMIUM_PATH],
  ["the bench's web", CHROMIUM_PATH],
] as const)
  test(`${browser}: the browser's last --disable-features holds Playwright's own list and ours`, async () => {
    const server = await chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
    try {
      const argv = readFileSync(`/proc/${server.process().pid}/cmdline`, 'utf8').split('\0');
      const lists = argv
        .filter((arg) => arg.startsWith('--disable-features='))
        .map((arg) => arg.slice('--disable-features='.length).split(','));
      // Playwright's own switch first, ours after it.
      expect(lists).toHaveLength(2);
      const [playwrights, applied] = lists as [string[], string[]];
      expect(applied).toEqual(expect.arrayContaining(playwrights));
      expect(applied).toEqual(expect.arrayContaining(OMNIBOX_WEBUI_FEATURES));
    } finally {
      await server.close();
    }
  });
