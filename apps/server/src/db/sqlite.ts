import { open } from 'node:fs/promises';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

/**
 * The embedded database: Node's built-in `node:sqlite` (no native module) behind Kysely, with
 *
 * - prepared statements kept and reused (preparing is most of the cost of a small query), and
 * - group commit in WAL mode: a commit (or a write outside a transaction) is written to the WAL without
 *   SQLite's own fsync (`synchronous = NORMAL`), the connection is handed to the next caller at once, and
 *   the caller's await resolves only after an fdatasync of the WAL that started after its commit. So a
 *   write is durable before anyone who made it is told, as with `synchronous = FULL`, but the fsync runs
 *   off the event loop and one fsync covers every commit made meanwhile. (Other connections may read a
 *   commit during the few milliseconds before it is on disk; no durable write can depend on one that is
 *   not, since the WAL is appended in order.)
 *
 * `image`, when given, is the database the connection starts from (`DatabaseSync.deserialize`): the test apps
 * start from one already migrated, in memory.
 */
export function sqliteDialect(file: string, image?: Uint8Array): Dialect {
  return {
    createAdapter: (): DialectAdapter => new SingleWriterAdapter(),
    createDriver: (): Driver => new NodeSqliteDriver(file, image),
    createQueryCompiler: (): QueryCompiler => new SqliteQueryCompiler(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any schema
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
}

/**
 * SQLite's adapter, except that the driver below serialises the one connection itself (Kysely would hold
 * its own lock until the group commit's fsync is done, keeping everyone else waiting for it).
 */
class SingleWriterAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

/** Statements kept per connection; past this many distinct SQL texts the cache starts over. */
const STATEMENT_CACHE = 2000;

class NodeSqliteDriver implements Driver {
  readonly #file: string;
  readonly #image: Uint8Array | undefined;
  #db: DatabaseSync | null = null;
  #connection: NodeSqliteConnection | null = null;
  #flusher: WalFlusher | null = null;
  #lock: Promise<void> = Promise.resolve();
  #unlock: (() => void) | null = null;

  constructor(file: string, image: Uint8Array | undefined) {
    this.#file = file;
    this.#image = image;
  }

  async init(): Promise<void> {
    const db = new DatabaseSync(this.#file);
    if (this.#image) db.deserialize(this.#image);
    const [mode] = db.prepare('PRAGMA journal_mode = WAL').all() as { journal_mode: string }[];
    db.exec('PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000;');
    if (mode?.journal_mode === 'wal') {
      db.exec('PRAGMA synchronous = NORMAL');
      this.#flusher = new WalFlusher(`${this.#file}-wal`);
    }
    this.#db = db;
    this.#connection = new NodeSqliteConnection(db);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#lock;
    let release!: () => void;
    this.#lock = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#unlock = release;
    return this.#connection as NodeSqliteConnection;
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const committed = (connection as NodeSqliteConnection).takeCommitted();
    const unlock = this.#unlock;
    this.#unlock = null;
    unlock?.();
    if (committed && this.#flusher) await this.#flusher.flush();
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteName(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to ${quoteName(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release ${quoteName(name)}`));
  }

  async destroy(): Promise<void> {
    // Wait for whoever holds the connection, then for the last fsync.
    await this.acquireConnection();
    await this.#flusher?.flush();
    this.#db?.close();
  }
}

const quoteName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Statements that never commit anything when run outside a transaction. */
const READ_ONLY = /^\s*(select|pragma|explain|begin|rollback)\b/i;
/** Statements that commit nothing when they change no row (a claim of a queue that finds nothing due). */
const ROW_CHANGES = /^\s*(insert|update|delete|replace|with)\b/i;

class NodeSqliteConnection implements DatabaseConnection {
  readonly #db: DatabaseSync;
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  #committed = false;

  constructor(db: DatabaseSync) {
    this.#db = db;
  }

  #prepare(sql: string) {
    let cached = this.#statements.get(sql);
    if (!cached) {
      if (this.#statements.size >= STATEMENT_CACHE) this.#statements.clear();
      const statement = this.#db.prepare(sql);
      cached = { statement, reader: statement.columns().length > 0 };
      this.#statements.set(sql, cached);
    }
    return cached;
  }

  /** Whether something was committed since the connection was taken (and forgets it). */
  takeCommitted(): boolean {
    const committed = this.#committed;
    this.#committed = false;
    return committed;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql } = compiledQuery;
    const parameters = compiledQuery.parameters as never[];
    const { statement, reader } = this.#prepare(sql);
    // Outside a transaction a statement that may write commits on its own, and the group commit's fsync
    // must cover it before its caller is answered; one that changed no row leaves nothing to cover (each
    // worker's claim of an idle queue, at every poll, would otherwise cost an fsync).
    const commits = !this.#db.isTransaction && !READ_ONLY.test(sql);
    let changed = true;
    try {
      if (reader) {
        const rows = statement.all(...parameters) as R[];
        changed = rows.length > 0;
        return { rows };
      }
      const { changes, lastInsertRowid } = statement.run(...parameters);
      changed = changes > 0;
      return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
    } finally {
      if (commits && (changed || !ROW_CHANGES.test(sql))) this.#committed = true;
    }
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#db.prepare(compiledQuery.sql);
    for (const row of statement.iterate(...(compiledQuery.parameters as never[]))) yield { rows: [row as R] };
  }
}

/**
 * One fdatasync of the WAL file at a time; a caller arriving while one runs waits for the next, which
 * starts after it and so covers the caller's commit. Everyone waiting then shares that one fsync.
 */
class WalFlusher {
  readonly #path: string;
  #running: Promise<void> | null = null;
  #next: Promise<void> | null = null;

  constructor(path: string) {
    this.#path = path;
  }

  flush(): Promise<void> {
    if (!this.#running) {
      this.#running = this.#sync().finally(() => {
        this.#running = null;
      });
      return this.#running;
    }
    this.#next ??= this.#running
      .catch(() => {})
      .then(() => {
        this.#next = null;
        return this.flush();
      });
    return this.#next;
  }

  async #sync(): Promise<void> {
    let handle: Awaited<ReturnType<typeof open>>;
    try {
      handle = await open(this.#path, 'r');
    } catch (error) {
      // No WAL (yet, or any more): every commit is in the database file, which checkpoints sync.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
}
