import { defineConfig } from 'vitest/config';

/**
 * Test files that need a process of their own: access.test replaces the `fastify` module to see every route
 * registered (a module already loaded by another file would not be replaced), and prepared-statements.test
 * checks that a statement is prepared, which only the first thousand distinct statements of a process are.
 */
const OWN_PROCESS = ['test/access.test.ts', 'test/prepared-statements.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // `expect.poll` waits for a condition; vitest gives up after 1 s, which a loaded machine overruns
    // (a store's first sync in the background took longer at load 25 and failed stores.test.ts).
    expect: { poll: { timeout: 20_000 } },
    pool: 'forks',
    projects: [
      // Every other file shares its worker's process with the files run before it: each test app opens a
      // database of its own (an in-memory SQLite file or a PostgreSQL schema) and closes it, so only the
      // loaded modules are shared, and loading the app's modules once per worker rather than once per file
      // roughly halves the suite's CPU time.
      // (A project's lists are added to the root's, so each names its own files.)
      { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS, isolate: true } },
    ],
  },
});
