/**
 * Issue 27: the web's house plan, read from the code's own imports (docs/architecture.md "The web's plan").
 *
 * - **Shared below features.** What several features use (the API calls, the shared components, the utilities,
 *   the stores, i18n and its catalogues: SHARED) imports no feature, nor the layout or the router that stand
 *   above them all: a shared piece that needs a feature's part belongs to that feature.
 * - **Small rooms.** No source file of src, tests included, is over MAX_LINES lines: a longer one holds more
 *   than one job and is split where its jobs part.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = import.meta.dirname;

/** The most lines a source file of src may have (issue 27), as for the server's. */
const MAX_LINES = 400;

/** The rooms of src that several features share: they stand below the features. */
const SHARED = ['api', 'components', 'utils', 'stores', 'i18n', 'locales'];

/** The rooms standing above the shared ones: the features, and the frame that holds them. */
const ABOVE_SHARED = ['features', 'layout', 'router', 'prerender', 'App.tsx', 'AppProviders.tsx', 'main.tsx'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** The top-level room of src a path relative to src stands in (its first segment). */
const roomOf = (relative: string) => relative.split(path.sep)[0] ?? relative;

describe("the web's house plan", () => {
  test('the shared rooms import no feature, nor the layout or the router', () => {
    const upward = sourceFiles(SRC).flatMap((file) => {
      const from = path.relative(SRC, file);
      if (!SHARED.includes(roomOf(from))) return [];
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(IMPORT)]
        .map((match) => path.relative(SRC, path.resolve(path.dirname(file), match[1] ?? match[2] ?? '')))
        .filter((to) => ABOVE_SHARED.includes(roomOf(to)))
        .map((to) => `${from} -> ${to}`);
    });
    expect(upward).toEqual([]);
  });

  test(`no source file is over ${MAX_LINES} lines: a longer one holds more than one job`, () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: path.relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
