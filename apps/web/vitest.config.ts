import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { catalogueParts } from './catalogue-parts';

export default defineConfig({
  plugins: [react(), catalogueParts()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Each file in a process of its own (jsdom and antd hold globals); vitest's default of one worker per
    // core but one leaves a core for the main process, which transforms the files (1 worker on 2 cores).
    pool: 'forks',
    // A screen test renders the whole app in jsdom and waits on conditions, each with the Testing Library
    // timeout set in src/test/setup.ts; on a machine whose cores are shared with other work one test can
    // take a minute without anything being wrong. A stuck test still ends here.
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
