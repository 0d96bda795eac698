import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { gaps, generate, loadExamples, SRC, snapshotFiles, UPDATE_COMMAND } from './sql/snapshots.ts';

/**
 * Each repo file's SQL is kept in `sql/<repo>.sql` beside it, made from the examples in test/sql/modules
 * (docs/architecture.md "SQL you can read in review"), so a changed query shows in the diff. The SQL is
 * PostgreSQL's, compiled without a database: the same on either TEST_DB.
 */
describe('SQL snapshots', async () => {
  const loaded = await loadExamples();

  test('every function of every repo file has an example (beyond the rooms not yet gone through)', () => {
    expect(gaps(loaded), 'write an example in test/sql/modules/<module>.ts, then run the update').toEqual([]);
  });

  test('the committed snapshots are what the examples issue', async () => {
    const texts = await generate(loaded);
    const how = `the SQL changed: run \`${UPDATE_COMMAND}\` and commit the .sql files (read their diff first)`;
    expect([...texts.keys()].sort(), how).toEqual(snapshotFiles());
    // What is committed is the expected, so a diff reads from it to the SQL issued now.
    for (const [file, text] of texts) expect(text, `${file}: ${how}`).toBe(readFileSync(path.join(SRC, file), 'utf8'));
  });

  test('no statement has a moment of the clock written into its text (a statement of its own at every call)', () => {
    // A time inlined (sql.lit) makes each call a new statement text: PostgreSQL plans it anew, and it takes
    // one of the statements a process prepares (src/db/index.ts) until none are left for the app's own.
    // Epoch milliseconds from 2001 to 2286 have 13 digits and begin with 1.
    const clockish = /\b1\d{12}\b/g;
    const inlined = snapshotFiles().flatMap((file) =>
      (readFileSync(path.join(SRC, file), 'utf8').match(clockish) ?? []).map((time) => `${file}: ${time}`),
    );
    expect(inlined).toEqual([]);
  });
});
