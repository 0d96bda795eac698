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
  const byScope = new Map(rows.map((row) => [row.scope, Number(row.version)]));
  return scopes.map((scope) => byScope.get(scope) ?? 0);
}

interface WaitingRead {
  scopes: readonly string[];
  resolve: (versions: number[]) => void;
  reject: (error: unknown) => void;
}

/** At most this many scopes in one grouped read: the callers beyond them wait for the next. */
const MAX_GROUPED_SCOPES = 256;

/**
 * The scopes padded (with the first again) to a power of two: a grouped read's statement is one of a few
 * shapes, so PostgreSQL prepares at most nine of them (db/index.ts names a limited number per process).
 */
function padded(scopes: string[]): string[] {
  let size = 1;
  while (size < scopes.length) size *= 2;
  return [...scopes, ...Array.from({ length: size - scopes.length }, () => scopes[0] as string)];
}

/**
 * The versions of concurrent signed-in calls read together: one query at a time, and the calls that arrive
 * while it runs wait for the next, which starts once it is done and reads all their scopes at once. A call
 * is never given a read that began before it arrived, so it sees every change committed before it, as its
 * own query would; under load a dozen calls share one query (one round trip to PostgreSQL, not twelve).
 */
export class GroupedVersionReads {
  readonly #read: (scopes: readonly string[]) => Promise<number[]>;
  readonly #gatherForATurn: boolean;
  /** A read is running, or about to start (gathering its callers till the event loop's turn ends). */
  #running = false;
  #waiting: WaitingRead[] = [];

  /**
   * `gatherForATurn`: a read starts once the event loop's turn is over, not as the first caller arrives.
   * For SQLite, whose reads run synchronously: no call could arrive while one runs, so without it each call
   * would read alone; with it, the calls whose requests came in the same turn share one read.
   */
  constructor(read: (scopes: readonly string[]) => Promise<number[]>, { gatherForATurn = false } = {}) {
    this.#read = read;
    this.#gatherForATurn = gatherForATurn;
  }

  /** The versions of `scopes`, in their order (0 for a scope never changed), read after this call began. */
  read(scopes: readonly string[]): Promise<number[]> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ scopes, resolve, reject });
      if (this.#running) return;
      this.#running = true;
      if (this.#gatherForATurn) setImmediate(() => void this.#next());
      else void this.#next();
    });
  }

  async #next(): Promise<void> {
    const group: WaitingRead[] = [];
    const scopes = new Set<string>();
    while (this.#waiting.length > 0) {
      const caller = this.#waiting[0] as WaitingRead;
      if (group.length > 0 && scopes.size + caller.scopes.length > MAX_GROUPED_SCOPES) break;
      this.#waiting.shift();
      group.push(caller);
      for (const scope of caller.scopes) scopes.add(scope);
    }
    try {
      const all = [...scopes];
      const versions = await this.#read(padded(all));
      const byScope = new Map(all.map((scope, index) => [scope, versions[index] ?? 0]));
      for (const caller of group) caller.resolve(caller.scopes.map((scope) => byScope.get(scope) ?? 0));
    } catch (error) {
      for (const caller of group) caller.reject(error);
    } finally {
      // Callers that came during the read (or beyond its scopes' limit) get the next one, at once.
      if (this.#waiting.length > 0) void this.#next();
      else this.#running = false;
    }
  }
}
