/**
 * The "who may call what" table of docs/api.md, made from the OpenAPI document's declared access and scope
 * (`x-access`, `x-scope`, `x-key-area`, `x-sign-in-only`, `x-not-while-acting`, `x-member`), so the page says what the server enforces.
 * `npm run docs:access -w apps/server` rewrites it; a test fails while the page and the routes disagree.
 */
export const ACCESS_TABLE_START = '<!-- access-table:start (generated: npm run docs:access -w apps/server) -->';
export const ACCESS_TABLE_END = '<!-- access-table:end -->';

const SCOPES: Record<string, string> = {
  own: 'own',
  ownCustomers: 'own customers',
  any: 'any',
};

interface OpenApiDocument {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}

export function accessTable(doc: OpenApiDocument): string {
  const rows = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const access = op['x-access'];
        const who =
          access === 'public' ? 'public' : access === 'signedIn' ? 'signed in' : (access as string[]).join(' or ');
        const notes = [
          op['x-sign-in-only'] ? 'not with an API key' : '',
          op['x-not-while-acting'] ? 'not while acting as the user' : '',
          op['x-member'] === 'owner'
            ? 'not by team members'
            : op['x-member']
              ? `team members need \`${String(op['x-member'])}\``
              : '',
        ].filter(Boolean);
        const scope = SCOPES[String(op['x-scope'])] ?? '—';
        const area = op['x-key-area'] ?? '—';
        return `| \`${method.toUpperCase()} ${path}\` | ${who} | ${scope} | ${area} | ${notes.join('; ')} |`;
      }),
    )
    .sort((a, b) => a.localeCompare(b));
  return [
    ACCESS_TABLE_START,
    '| call | who (resource codes) | whose objects | key area | also |',
    '|---|---|---|---|---|',
    ...rows,
    ACCESS_TABLE_END,
  ].join('\n');
}

/** The page with its generated table replaced by `table` (added at the end when the page has none). */
export function withAccessTable(page: string, table: string): string {
  const start = page.indexOf(ACCESS_TABLE_START);
  const end = page.indexOf(ACCESS_TABLE_END);
  if (start < 0 || end < 0) return `${page.trimEnd()}\n\n${table}\n`;
  return `${page.slice(0, start)}${table}${page.slice(end + ACCESS_TABLE_END.length)}`;
}
