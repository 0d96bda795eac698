/**
 * Issue 27: the web's house plan, read from the code's own imports (docs/architecture.md "The web's plan").
 *
 * - **Shared below features.** What several features use (the API calls, the shared components, the utilities,
 *   the stores, i18n and its catalogues: SHARED) imports no feature, nor the layout or the router that stand
 *   above them all: a shared piece that needs a feature's part belongs to that feature.
 * - **One face per feature.** Each folder of features/ has an `index.ts` naming what other features, the layout
 *   and the prerenderer may use of it; nothing outside a feature imports its other files. The router enters a
 *   feature by its `lazy.ts` instead, whose every import is an `import()` of the feature's own screens: a face
 *   re-exports parts statically, and the router stands in the first chunk every visit loads, so a face there
 *   could take a feature's parts (and a part with a side effect, its screen's code) into that chunk.
 * - **No two features lean on each other.** No feature imports a feature that imports it back: the piece
 *   both need is split at its seam, or moved down into components/, utils/ or api/ when several use it.
 * - **Small rooms.** No source file of src, tests included, is over MAX_LINES lines: a longer one holds more
 *   than one job and is split where its jobs part.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/** Every relative import of every source file, static or `import()`, type-only ones too, as paths relative to src. */
const IMPORTS = sourceFiles(SRC).flatMap((file) => {
  const from = path.relative(SRC, file);
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((match) => ({
    from,
    to: path.relative(SRC, path.resolve(path.dirname(file), match[1] ?? match[2] ?? '')),
    lazy: match[2] !== undefined,
  }));
});

/** The feature a path relative to src stands in (`features/<name>/…`), if any. */
const featureOf = (relative: string) => {
  const [room, name] = relative.split(path.sep);
  return room === 'features' ? name : undefined;
};

/** A feature's file as named from outside it: `index` for its face (`features/x` or `features/x/index`). */
const entryOf = (relative: string) => relative.split(path.sep).slice(2).join('/') || 'index';

const FEATURES = readdirSync(path.join(SRC, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

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

  test('every feature has a face, and its face and lazy entries name only its own files', () => {
    expect(FEATURES.length).toBeGreaterThan(20);
    expect(FEATURES.filter((feature) => !existsSync(path.join(SRC, 'features', feature, 'index.ts')))).toEqual([]);
    const outward = IMPORTS.filter(
      ({ from, to }) =>
        featureOf(from) && /^(index|lazy)\.ts$/.test(path.basename(from)) && featureOf(to) !== featureOf(from),
    ).map(({ from, to }) => `${from} -> ${to}`);
    expect(outward).toEqual([]);
  });

  test('a face only re-exports its parts: it runs nothing (vite.config.ts builds it as free of side effects)', () => {
    const running = FEATURES.flatMap((feature) =>
      readFileSync(path.join(SRC, 'features', feature, 'index.ts'), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split(';')
        .map((statement) => statement.trim())
        .filter((statement) => statement && !/^export (\{[^}]*\} from '\.\/[^']+'|\{\})$/.test(statement))
        .map((statement) => `${feature}: ${statement}`),
    );
    expect(running).toEqual([]);
  });

  test("nothing imports another feature's internals: others take its face, the router its lazy entries", () => {
    const internal = IMPORTS.filter(({ from, to }) => {
      const feature = featureOf(to);
      if (feature === undefined || feature === featureOf(from)) return false;
      return entryOf(to) !== (roomOf(from) === 'router' ? 'lazy' : 'index');
    }).map(({ from, to }) => `${from} -> ${to}`);
    expect(internal).toEqual([]);
  });

  test("a feature's lazy entries load its screens on demand only: no static import", () => {
    const eager = IMPORTS.filter(({ from, lazy }) => featureOf(from) && path.basename(from) === 'lazy.ts' && !lazy).map(
      ({ from, to }) => `${from} -> ${to}`,
    );
    expect(eager).toEqual([]);
    expect(IMPORTS.filter(({ from, lazy }) => path.basename(from) === 'lazy.ts' && lazy).length).toBeGreaterThan(50);
  });

  test('no two features import each other', () => {
    const leans = new Set(
      IMPORTS.flatMap(({ from, to }) => {
        const [a, b] = [featureOf(from), featureOf(to)];
        return a && b && a !== b ? [`${a} -> ${b}`] : [];
      }),
    );
    expect(leans.size).toBeGreaterThan(10);
    const both = [...leans].filter((lean) => {
      const [a, b] = lean.split(' -> ');
      return (a ?? '') < (b ?? '') && leans.has(`${b} -> ${a}`);
    });
    expect(both).toEqual([]);
  });

  test(`no source file is over ${MAX_LINES} lines: a longer one holds more than one job`, () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: path.relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
