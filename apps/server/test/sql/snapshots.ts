import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { format } from 'sql-formatter';
import type { RepoExamples } from './examples.ts';
import { recordingDb } from './recorder.ts';

/**
 * The SQL snapshots: each repo file's queries, as its examples issue them, in `sql/<repo>.sql` beside it.
 * `npm run sql:snapshots -w apps/server` writes them; test/sql-snapshots.test.ts fails when they drift.
 */

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
export const UPDATE_COMMAND = 'npm run sql:snapshots -w apps/server';

/**
 * Repo files without examples yet, by the start of their path under src (a room, `modules/<name>/`, or one file):
 * a room that has just come in may wait here for its examples. None waits now. Keep this list short: a room
 * leaves it when its examples are written.
 */
export const NOT_YET: readonly string[] = [];

const isRepo = (name: string) => /(?:^|-)repo\.ts$/.test(name);

/** Every repo file under src, relative to it (`modules/bills/lines-repo.ts`). */
export function repoFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return repoFiles(full);
      return isRepo(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
    })
    .sort();
}

export const notYet = (file: string) => NOT_YET.some((start) => file.startsWith(start));

/** Where a repo file's snapshot is kept: `modules/bills/lines-repo.ts` → `modules/bills/sql/lines-repo.sql`. */
export const snapshotOf = (file: string) =>
  path.posix.join(path.posix.dirname(file), 'sql', `${path.posix.basename(file, '.ts')}.sql`);

const formatted = new Map<string, string>();
function readable(text: string): string {
  let done = formatted.get(text);
  if (done === undefined) {
    done = format(text, { language: 'postgresql' });
    formatted.set(text, done);
  }
  return done;
}

/** One repo file's snapshot: each example's statements under a heading naming the function and the example. */
export async function snapshot(repo: RepoExamples, examplesFile: string): Promise<string> {
  const blocks = [`-- The SQL of ${repo.file}, made from ${examplesFile} by \`${UPDATE_COMMAND}\`. Do not edit.`];
  for (const [name, examples] of Object.entries(repo.examples)) {
    if (!Array.isArray(examples)) continue;
    for (const example of examples) {
      const { db, statements } = recordingDb(example.answers);
      try {
        await example.run(db);
      } catch (error) {
        throw new Error(
          `${repo.file} ${name} (${example.name}) threw: ${(error as Error).message}. Give its example the answers it needs (test/sql/examples.ts).`,
        );
      }
      if (statements.length === 0) throw new Error(`${repo.file} ${name} (${example.name}) issued no SQL`);
      statements.forEach((text, index) => {
        const count = statements.length === 1 ? '' : ` (${index + 1} of ${statements.length})`;
        blocks.push(`-- ${name}: ${example.name}${count}\n${readable(text)};`);
      });
    }
  }
  return `${blocks.join('\n\n')}\n`;
}

const EXAMPLES = fileURLToPath(new URL('./modules/', import.meta.url));

export interface ExamplesFile {
  /** Relative to apps/server: `test/sql/modules/bills.ts`. */
  file: string;
  repos: RepoExamples[];
}

/** The examples, one file per module under test/sql/modules, each exporting its repo files' examples as default. */
export async function loadExamples(): Promise<ExamplesFile[]> {
  const names = readdirSync(EXAMPLES)
    .filter((name) => name.endsWith('.ts'))
    .sort();
  return Promise.all(
    names.map(async (name) => ({
      file: `test/sql/modules/${name}`,
      repos: (await import(pathToFileURL(path.join(EXAMPLES, name)).href)).default as RepoExamples[],
    })),
  );
}

/** What keeps the snapshots from covering every query: repo files and exported functions without examples. */
export function gaps(loaded: ExamplesFile[]): string[] {
  const repos = loaded.flatMap((examples) => examples.repos);
  const covered = new Set(repos.map((repo) => repo.file));
  const files = repoFiles();
  return [
    ...files.filter((file) => !covered.has(file) && !notYet(file)).map((file) => `${file} has no examples`),
    ...repos.filter((repo) => !files.includes(repo.file)).map((repo) => `${repo.file} is not a repo file`),
    ...repos
      .filter((repo) => notYet(repo.file))
      .map((repo) => `${repo.file} has examples: take its room off NOT_YET once all its repo files have`),
    ...repos.flatMap((repo) => {
      const functions = Object.keys(repo.exports).filter((name) => typeof repo.exports[name] === 'function');
      return [
        ...functions.filter((name) => !(name in repo.examples)).map((name) => `${repo.file} ${name} has no example`),
        ...Object.keys(repo.examples)
          .filter((name) => !functions.includes(name))
          .map((name) => `${repo.file} exports no function ${name}`),
        ...Object.entries(repo.examples)
          .filter(([, examples]) => Array.isArray(examples) && examples.length === 0)
          .map(([name]) => `${repo.file} ${name} has an empty list of examples`),
      ];
    }),
  ];
}

/** Every snapshot's text by its path under src. */
export async function generate(loaded: ExamplesFile[]): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const examples of loaded) {
    for (const repo of examples.repos) texts.set(snapshotOf(repo.file), await snapshot(repo, examples.file));
  }
  return texts;
}

/** The snapshot files now on disk, by path under src. */
export function snapshotFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return snapshotFiles(full);
      return entry.name.endsWith('.sql') && path.basename(dir) === 'sql'
        ? [path.relative(SRC, full).split(path.sep).join('/')]
        : [];
    })
    .sort();
}
