import { CompiledQuery } from 'kysely';
import type { Db, DialectName } from './index.ts';

/**
 * Change versions: a counter per scope of data in `change_versions`, raised by triggers (migration 0006)
 * in the very transaction that changes the data. What is kept in memory records the versions it was made
 * from, read before it was made; it is good for as long as a fresh read shows the same versions. A change
 * made meanwhile by another instance, a job or an operator's SQL shows there at commit.
 */
export const versionScope = {
  /** A user's account, sessions and roles. */
  user: (userId: number) => `user:${userId}`,
  /** What each role grants (roles, resources, their links). */
  access: 'access',
  /** A merchant's orders. */
  orders: (userId: number) => `orders:${userId}`,
  /** What a quote is made of: channels, services, rate tables, zone charts, allotments, price rules. */
  catalogue: 'catalogue',
  /** The run-time settings (`configs`, migration 0027). */
  config: 'config',
} as const;

const statements = new Map<string, string>();

/** `select … where scope in (?, ?, …)` in the dialect's placeholders, made once per count. */
function versionsSql(dialect: DialectName, count: number): string {
  const key = `${dialect}:${count}`;
  let text = statements.get(key);
  if (!text) {
    const marks = Array.from({ length: count }, (_, i) => (dialect === 'postgres' ? `$${i + 1}` : '?'));
    text = `select scope, version from change_versions where scope in (${marks.join(', ')})`;
    statements.set(key, text);
  }
  return text;
}

/** The catalogue's version now, for work done outside a call (a batch job's chunk). */
export async function catalogueVersion(db: Db, dialect: DialectName): Promise<number> {
  const [version = 0] = await readVersions(db, dialect, [versionScope.catalogue]);
  return version;
}

/**
 * The versions of `scopes`, in their order (0 for a scope never changed), in one query. Written as plain
 * SQL rather than through the query builder: it runs on every signed-in call.
 */
export async function readVersions(db: Db, dialect: DialectName, scopes: readonly string[]): Promise<number[]> {
  const { rows } = await db.executeQuery<{ scope: string; version: number | string }>(
    CompiledQuery.raw(versionsSql(dialect, scopes.length), [...scopes]),
  );
  return scopes.map((scope) => Number(rows.find((row) => row.scope === scope)?.version ?? 0));
}
