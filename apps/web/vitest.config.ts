import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './catalogue-parts';

/**
 * Test files that need a process of their own: request.test reads the notices of antd's static message and
 * notification roots, which hold on to the document of the first file that used them in a process.
 */
const OWN_PROCESS = ['src/api/request.test.ts'];

export default defineConfig({
  plugins: [react(), catalogueParts()],
  test: {
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
    // vitest's default of one worker per core but one leaves a core for the main process, which transforms
    // the files (1 worker on 2 cores).
    pool: 'forks',
    // A screen test renders the whole app in jsdom and waits on conditions, each with the Testing Library
    // timeout set in src/test/setup.ts; on a machine whose cores are shared with other work one test can
    // take a minute without anything being wrong. A stuck test still ends here.
    testTimeout: 180_000,
    hookTimeout: 60_000,
    projects: [
      // Every other file gets a fresh jsdom but shares its worker's loaded modules (React, antd, the app)
      // with the files run before it: loading them once per worker rather than once per file more than
      // halves the suite's CPU time. Each test starts signed out on empty storage (src/test/setup.ts).
      // (A project's lists are added to the root's, so each names its own files.)
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: OWN_PROCESS, isolate: false },
      },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
