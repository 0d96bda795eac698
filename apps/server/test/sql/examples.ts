import type { Db } from '../../src/db/index.ts';
import type { Answer } from './recorder.ts';

/**
 * The examples the SQL snapshots are made from (docs/architecture.md "SQL you can read in review"): every
 * function a repo file exports is called with example arguments, once per shape of its SQL (a list with and
 * without its filters), and what it issues is written to `sql/<repo>.sql` beside the repo.
 */

export interface Example {
  /** What this call shows, after the function's name in the snapshot's heading. */
  name: string;
  run: (db: Db) => unknown;
  /** What the database answers, statement by statement (else no rows, nothing changed). */
  answers?: readonly Answer[];
}

/** A function of a repo file that issues no SQL (a pure helper beside the queries), with the reason. */
export interface NoSql {
  noSql: string;
}

export type FunctionExamples = readonly Example[] | NoSql;

// biome-ignore lint/suspicious/noExplicitAny: any function's parameters
type FunctionNames<M> = { [K in keyof M]: M[K] extends (...args: any[]) => unknown ? K : never }[keyof M];

export interface RepoExamples {
  /** The repo file, relative to src: `modules/bills/lines-repo.ts`. */
  file: string;
  /** The file's exports, to find a function left without an example. */
  exports: Record<string, unknown>;
  examples: Record<string, FunctionExamples>;
}

/** The examples of one repo file: the type asks one entry for each function it exports. */
export function repo<M extends object>(
  file: string,
  exports: M,
  examples: { [K in FunctionNames<M>]: FunctionExamples },
): RepoExamples {
  return { file, exports: exports as Record<string, unknown>, examples: examples as Record<string, FunctionExamples> };
}

/** One example call. */
export const ex = (name: string, run: (db: Db) => unknown, answers?: readonly Answer[]): Example => ({
  name,
  run,
  ...(answers ? { answers } : {}),
});

export const noSql = (reason: string): NoSql => ({ noSql: reason });
