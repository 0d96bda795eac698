/**
 * The web app calls the API through the shared contracts (src/api/call.ts), but of a contract it only reads
 * the method, the path, whether the answer is a file, and who may call it (its `access`). The contracts' modules also build their zod
 * schemas when loaded, and zod is about a tenth of a signed-in screen's JavaScript. So in the build, an
 * import of a contracts module that takes only contracts and plain values (lists of codes, limits) is
 * served a copy holding just those, read from the module itself at build time, so the two cannot differ;
 * an import that takes a schema (a form validating with it) gets the module itself, zod and all.
 * The unit tests and the dev server use the modules as they are.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';

const PREFIX = '@parcelport/shared/contracts/';
const VIRTUAL = 'virtual:contract-routes/';
const CONTRACTS_DIR = path.resolve(import.meta.dirname, '../../packages/shared/src/contracts');
const SOURCE_DIR = path.resolve(import.meta.dirname, 'src');

/** Each export that can be written as JSON, a contract reduced to what `call` reads; null: not such a value. */
type Light = Map<string, string | null>;

function isContract(value: object): value is { method: string; path: string; answer: unknown; access: unknown } {
  return 'method' in value && 'path' in value && 'answer' in value;
}

const FAIL = Symbol('not plain');

/**
 * The value as `call` and the screens read it: a contract as its method, path, file flag and access; strings,
 * numbers, flags, null, and arrays and plain objects of them (a contract per side, a list of codes) as
 * they are; FAIL for anything else (a schema, a function).
 */
function lighten(value: unknown): unknown {
  if (value === null || ['string', 'boolean'].includes(typeof value)) return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : FAIL;
  if (Array.isArray(value)) {
    const items = value.map(lighten);
    return items.includes(FAIL) ? FAIL : items;
  }
  if (typeof value !== 'object' || '_zod' in value) return FAIL;
  if (isContract(value))
    return {
      method: value.method,
      path: value.path,
      answer: value.answer === 'file' ? 'file' : undefined,
      // Who may call it: a screen offers an action only to a caller whose codes reach it.
      access: lighten(value.access),
    };
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return FAIL;
  const entries = Object.entries(value).map(([key, item]) => [key, lighten(item)] as const);
  return entries.some(([, item]) => item === FAIL) ? FAIL : Object.fromEntries(entries);
}

function lightValue(value: unknown): string | null {
  const light = lighten(value);
  return light === FAIL ? null : JSON.stringify(light);
}

// biome-ignore lint/suspicious/noExplicitAny: an ESTree node, walked generically
type Node = { type: string; start: number; end: number; [key: string]: any };

/** Every node of the tree with its parent. */
function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof child.type === 'string') walk(child, visit, node);
    }
  }
}

/**
 * Points the imports (and re-exports) of contracts modules that take only light values (see above) at the
 * light copies. A namespace import qualifies when every use of it reads a member by name.
 */
async function lightenImports(
  code: string,
  program: Node,
  lightOf: (subpath: string) => Promise<Light | null>,
): Promise<{ code: string; map: null } | undefined> {
  // `import … from` and `export { … } from` alike (a re-export is an import the module hands on).
  const imports = (program.body as Node[]).filter(
    (node) =>
      (node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration') &&
      node.source != null &&
      String(node.source.value).startsWith(PREFIX),
  );
  const uses = new Map<string, string[]>();
  walk(program, (node, parent) => {
    if (node.type !== 'Identifier' || parent?.type === 'ImportNamespaceSpecifier') return;
    const list = uses.get(node.name) ?? [];
    const member = parent?.type === 'MemberExpression' && parent.object === node && !parent.computed;
    list.push(member ? parent.property.name : '');
    uses.set(node.name, list);
  });
  const edits: { start: number; end: number; text: string }[] = [];
  for (const node of imports) {
    const source = String(node.source.value);
    const light = await lightOf(source.slice(PREFIX.length));
    if (!light) continue;
    const names = (node.specifiers as Node[]).flatMap((specifier) =>
      specifier.type === 'ImportNamespaceSpecifier'
        ? (uses.get(specifier.local.name) ?? [])
        : specifier.type === 'ImportSpecifier'
          ? [specifier.imported.name ?? specifier.imported.value]
          : specifier.type === 'ExportSpecifier'
            ? [specifier.local.name ?? specifier.local.value]
            : [''],
    );
    if (!names.every((name) => name !== '' && light.get(name) != null)) continue;
    edits.push({
      start: node.source.start,
      end: node.source.end,
      text: JSON.stringify(VIRTUAL + source.slice(PREFIX.length)),
    });
  }
  if (edits.length === 0) return undefined;
  let out = code;
  for (const edit of edits.reverse()) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return { code: out, map: null };
}

export function contractRoutes(): Plugin {
  const modules = new Map<string, Promise<Light | null>>();

  /** The light exports of a contracts module; null when it builds no schema (nothing to spare). */
  function lightOf(subpath: string): Promise<Light | null> {
    let loading = modules.get(subpath);
    if (!loading) {
      loading = import(pathToFileURL(path.join(CONTRACTS_DIR, `${subpath}.ts`)).href).then(
        (module: Record<string, unknown>) => {
          const light: Light = new Map(Object.entries(module).map(([name, value]) => [name, lightValue(value)]));
          return [...light.values()].some((value) => value === null) ? light : null;
        },
      );
      modules.set(subpath, loading);
    }
    return loading;
  }

  return {
    name: 'parcelport-contract-routes',
    apply: 'build',
    resolveId: (id) => (id.startsWith(VIRTUAL) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return undefined;
      const light = await lightOf(id.slice(VIRTUAL.length + 1));
      if (!light) return undefined;
      return [...light]
        .filter(([, value]) => value !== null)
        .map(([name, value]) => `export const ${name} = ${value};`)
        .join('\n');
    },
    transform(code, id) {
      if (!id.startsWith(SOURCE_DIR) || !code.includes(PREFIX)) return undefined;
      return lightenImports(code, this.parse(code) as unknown as Node, lightOf);
    },
  };
}
