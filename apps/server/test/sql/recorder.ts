import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  SelectQueryNode,
} from 'kysely';
import type { Db } from '../../src/db/index.ts';
import type { Database } from '../../src/db/schema.ts';

/**
 * A Kysely handle that talks to no database: it compiles every query as PostgreSQL would receive it, keeps the
 * text, and answers with what the example gave (else as an empty database would: no rows, nothing changed, and
 * a count of 0). So the SQL snapshots need no
 * server, read the same on every machine whatever TEST_DB says, and take milliseconds.
 */

/** One answer to one statement, in the order the function issues them: rows read, or rows changed. */
export type Answer = Record<string, unknown>[] | number;

/** A function that loops until no row is left stops here rather than running on. */
const MAX_STATEMENTS = 50;

export interface Recording {
  db: Db;
  /** The statements issued so far, as compiled (transaction control as its own words). */
  statements: string[];
}

export function recordingDb(answers: readonly Answer[] = []): Recording {
  const statements: string[] = [];
  let answered = 0;

  const record = (text: string) => {
    if (statements.length === MAX_STATEMENTS) throw new Error(`more than ${MAX_STATEMENTS} statements`);
    statements.push(text);
  };
  const answer = (query: CompiledQuery): QueryResult<unknown> => {
    const next = answers[answered++];
    if (typeof next === 'number') return { rows: [], numAffectedRows: BigInt(next) };
    const rows = next ?? aggregateRow(query.query);
    return { rows, numAffectedRows: BigInt(rows.length) };
  };

  const connection: DatabaseConnection = {
    async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
      record(query.sql);
      return answer(query) as QueryResult<R>;
    },
    async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
      record(query.sql);
      yield answer(query) as QueryResult<R>;
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => record('begin'),
    commitTransaction: async () => record('commit'),
    rollbackTransaction: async () => record('rollback'),
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, statements };
}

/**
 * What an empty database answers a select of aggregates only (`count(*) as total`, no group by): one row, each
 * alias 0. Any other query reads no row.
 */
function aggregateRow(node: OperationNode): Record<string, unknown>[] {
  if (!SelectQueryNode.is(node) || node.groupBy || !node.selections?.length) return [];
  const row: Record<string, unknown> = {};
  for (const { selection } of node.selections) {
    if (selection.kind !== 'AliasNode' || selection.node.kind !== 'AggregateFunctionNode') return [];
    if (selection.alias.kind !== 'IdentifierNode') return [];
    row[(selection.alias as { name: string } & OperationNode).name] = 0;
  }
  return [row];
}
