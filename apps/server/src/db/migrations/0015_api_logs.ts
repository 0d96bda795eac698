import type { Kysely } from 'kysely';
import { createTableWithId } from '../columns.ts';

/**
 * The API log (docs/spec.md §2 /maintenance/apiLog, docs/carriers.md): one row per attempt of a call to a
 * carrier's API, written already redacted by the upstream client; pruned by age and by count.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createTableWithId(db, 'api_logs')
    .addColumn('channel_id', 'bigint', (c) => c.notNull())
    // The upstream operation (rate, purchase, void, track…): the log's "request type".
    .addColumn('operation', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text')
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    // Null when no answer came (a timeout, a refused connection).
    .addColumn('http_status', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    // 'ok' or the error's kind (badRequest, auth, rateLimited, transient).
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('error_message', 'text')
    .addColumn('request_headers', 'text')
    .addColumn('request_body', 'text')
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_logs_created_idx').on('api_logs').columns(['created_at']).execute();
  await db.schema
    .createIndex('api_logs_channel_created_idx')
    .on('api_logs')
    .columns(['channel_id', 'created_at'])
    .execute();
  await db.schema.createIndex('api_logs_order_no_idx').on('api_logs').columns(['order_no']).execute();
}
