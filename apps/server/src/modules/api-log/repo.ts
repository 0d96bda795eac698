import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import type { ApiLogRecord } from '../../outbound/client.ts';

/** The API log's SQL: records written by the upstream client's sink, the screen's reads, the pruning. */

export async function insertApiLog(db: Db, record: ApiLogRecord, now = Date.now()): Promise<void> {
  await db
    .insertInto('api_logs')
    .values({
      channel_id: record.channelId,
      store_id: record.storeId ?? null,
      is_test: record.test ? 1 : 0,
      operation: record.operation,
      order_no: record.orderNo,
      method: record.method,
      url: record.url,
      http_status: record.httpStatus,
      duration_ms: record.durationMs,
      outcome: record.outcome,
      error_message: record.errorMessage,
      request_headers: record.requestHeaders,
      request_body: record.requestBody,
      response_body: record.responseBody,
      created_at: now,
    })
    .execute();
}

export interface ApiLogFilter {
  page: number;
  pageSize: number;
  from?: number;
  to?: number;
  channelId?: number;
  operation?: string;
  outcome?: string;
  orderNo?: string;
  mode?: 'test' | 'live';
}

const LIST_COLUMNS = [
  'api_logs.id',
  'api_logs.channel_id',
  'channels.name as channel_name',
  'api_logs.store_id',
  'stores.name as store_name',
  'api_logs.operation',
  'api_logs.order_no',
  'api_logs.method',
  'api_logs.url',
  'api_logs.http_status',
  'api_logs.duration_ms',
  'api_logs.outcome',
  'api_logs.error_message',
  'api_logs.is_test',
  'api_logs.created_at',
] as const;

/** A page of the log, newest first. */
export async function listApiLogs(db: Db, filter: ApiLogFilter) {
  const { page, pageSize, from, to, channelId, operation, outcome, orderNo, mode } = filter;
  const base = db
    .selectFrom('api_logs')
    .$if(from !== undefined, (qb) => qb.where('api_logs.created_at', '>=', from as number))
    .$if(to !== undefined, (qb) => qb.where('api_logs.created_at', '<', to as number))
    .$if(channelId !== undefined, (qb) => qb.where('api_logs.channel_id', '=', channelId as number))
    .$if(operation !== undefined, (qb) => qb.where('api_logs.operation', '=', operation as string))
    .$if(outcome !== undefined, (qb) => qb.where('api_logs.outcome', '=', outcome as string))
    .$if(Boolean(orderNo), (qb) => qb.where('api_logs.order_no', '=', orderNo as string))
    .$if(mode !== undefined, (qb) => qb.where('api_logs.is_test', '=', mode === 'test' ? 1 : 0));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('channels', 'channels.id', 'api_logs.channel_id')
      .leftJoin('stores', 'stores.id', 'api_logs.store_id')
      .select(LIST_COLUMNS)
      .orderBy('api_logs.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(viewOf), total: Number(count.total), page, pageSize };
}

/** One record with its bodies; 404 when it is gone (pruned) or never was. */
export async function apiLogEntry(db: Db, id: number) {
  const row = await db
    .selectFrom('api_logs')
    .leftJoin('channels', 'channels.id', 'api_logs.channel_id')
    .leftJoin('stores', 'stores.id', 'api_logs.store_id')
    .select([...LIST_COLUMNS, 'api_logs.request_headers', 'api_logs.request_body', 'api_logs.response_body'])
    .where('api_logs.id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound();
  return {
    ...viewOf(row),
    requestHeaders: row.request_headers,
    requestBody: row.request_body,
    responseBody: row.response_body,
  };
}

/**
 * Deletes the records older than `before` and those beyond the newest `maxRows`; answers how many went.
 * Both are plain conditional deletes, so instances pruning at the same time only repeat each other's work.
 */
export async function pruneApiLogs(db: Db, before: number, maxRows: number): Promise<number> {
  const old = await db.deleteFrom('api_logs').where('created_at', '<', before).executeTakeFirst();
  // Ids grow with time: the newest maxRows are those above the (maxRows + 1)-th newest id.
  const edge = await db
    .selectFrom('api_logs')
    .select('id')
    .orderBy('id', 'desc')
    .limit(1)
    .offset(maxRows)
    .executeTakeFirst();
  const surplus = edge ? await db.deleteFrom('api_logs').where('id', '<=', edge.id).executeTakeFirst() : undefined;
  return Number(old.numDeletedRows) + Number(surplus?.numDeletedRows ?? 0);
}

function viewOf(row: {
  id: number;
  channel_id: number | null;
  channel_name: string | null;
  store_id: number | null;
  store_name: string | null;
  operation: string;
  order_no: string | null;
  method: string;
  url: string;
  http_status: number | null;
  duration_ms: number;
  outcome: string;
  error_message: string | null;
  is_test: number;
  created_at: number;
}) {
  return {
    id: Number(row.id),
    channelId: row.channel_id === null ? null : Number(row.channel_id),
    channelName: row.channel_name,
    storeId: row.store_id === null ? null : Number(row.store_id),
    storeName: row.store_name,
    operation: row.operation,
    orderNo: row.order_no,
    method: row.method,
    url: row.url,
    httpStatus: row.http_status,
    durationMs: Number(row.duration_ms),
    outcome: row.outcome,
    errorMessage: row.error_message,
    mode: row.is_test === 1 ? ('test' as const) : ('live' as const),
    time: isoTime(Number(row.created_at)) as string,
  };
}
