/**
 * Issue 27: the server's house plan, read from the code's own imports (every `import`/`export … from`, type-only
 * ones included: a type from a higher floor ties a room to it as much as a value does).
 *
 * - **Floors.** Every room of apps/server/src stands on one floor (FLOORS, lowest first) and imports only its own
 *   floor and those below: the ground (the domain error, the caller and its scope, shared domain types, messages,
 *   settings) imports nothing above it; infrastructure (database, caches, documents, the outbound HTTP client, the
 *   HTTP toolkit routes are bound with) stands on the ground; the platform (the context every module works with,
 *   the job queue and workers, account scope) on both; the adapters (carriers, stores) on those; the modules on
 *   all of them; and the app that wires modules into a server on top.
 * - **One face per module.** A module (a folder of src/modules) is entered through its `index.ts`: no file
 *   outside it imports anything else of it.
 * - **No two modules need each other.** No module imports a module that imports it back: where one module's
 *   event moves another's data, or one needs an answer only another has, the other lends it a hook.
 * - **Small rooms.** No source file is over MAX_LINES lines.
 *
 * docs/architecture.md draws the same plan.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** The floors, lowest first: each lists the rooms (top-level folders or files of src) standing on it. */
const FLOORS: readonly (readonly string[])[] = [
  ['core', 'i18n', 'lib', 'config.ts', 'types'],
  ['db', 'cache', 'geo', 'documents', 'outbound', 'http'],
  ['context.ts', 'declaration.ts', 'jobs', 'scope'],
  ['carriers', 'stores'],
  ['modules'],
  ['hooks', 'app.ts', 'wiring.ts', 'main.ts', 'outbox.ts', 'start.js'],
];

/** The most lines a source file of src may have (issue 27). */
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

/** Every relative import of every source file, as paths relative to src. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const from = path.relative(SRC, file);
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)].map((match) =>
      path.relative(SRC, path.resolve(path.dirname(file), (match[1] ?? match[2]) as string)),
    );
    graph.set(from, targets);
  }
  return graph;
}

const graph = importGraph();
const room = (file: string) => file.split(path.sep)[0] as string;
const floorOf = (file: string) => FLOORS.findIndex((rooms) => rooms.includes(room(file)));
/** The module a file belongs to (`modules/<name>`), or null outside src/modules. */
const moduleOf = (file: string) => (file.startsWith(`modules${path.sep}`) ? file.split(path.sep)[1] : null);

function edges() {
  return [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
}

describe('the house plan', () => {
  test('every room stands on a floor', () => {
    const homeless = [...new Set([...graph.keys()].map(room))].filter(
      (name) => !FLOORS.some((rooms) => rooms.includes(name)),
    );
    expect(homeless).toEqual([]);
  });

  test('no room imports from a floor above its own', () => {
    const upward = edges()
      .filter(({ from, to }) => floorOf(to) > floorOf(from))
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(upward).toEqual([]);
  });

  test("no file reaches into another module's rooms: each module is entered through its index.ts", () => {
    const internal = edges()
      .filter(({ from, to }) => {
        const target = moduleOf(to);
        return target !== null && target !== moduleOf(from) && path.basename(to) !== 'index.ts';
      })
      .map(({ from, to }) => `${from} -> ${to}`);
    expect(internal).toEqual([]);
  });

  test('no two modules import each other', () => {
    const needs = new Set<string>();
    for (const { from, to } of edges()) {
      const [a, b] = [moduleOf(from), moduleOf(to)];
      if (a && b && a !== b) needs.add(`${a} -> ${b}`);
    }
    const pairs = [...needs]
      .map((edge) => edge.split(' -> ') as [string, string])
      .filter(([a, b]) => a < b && needs.has(`${b} -> ${a}`))
      .map(([a, b]) => `${a} <-> ${b}`)
      .sort();
    expect(pairs).toEqual([]);
  });

  test(`no source file is over ${MAX_LINES} lines: a longer one holds more than one job`, () => {
    const long = sourceFiles(SRC)
      .map((file) => ({ file: path.relative(SRC, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines}`);
    expect(long).toEqual([]);
  });
});
