/** The user log (docs/api.md, /maintenance/userLogs): a page of it, and its xlsx export with the same filters. */
import type { KeyMode, Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import { isoOrEmpty, pagesById, sendXlsx, type XlsxColumn } from '../../documents/xlsx.ts';
import { countUserLogs, type UserLogFilter, type UserLogRow, userLogRows } from './repo.ts';

export async function listUserLogs(
  ctx: AppContext,
  scope: Scope,
  query: UserLogFilter & { page: number; pageSize: number },
) {
  const { page, pageSize, ...filter } = query;
  const [rows, total] = await Promise.all([
    userLogRows(ctx.db, scope, filter, pageSize, (page - 1) * pageSize),
    countUserLogs(ctx.db, scope, filter),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      actorId: row.actor_id,
      actor: row.actor,
      subjectId: row.subject_id,
      subject: row.subject,
      method: row.method,
      path: row.path,
      statusCode: row.status_code,
      ip: row.ip,
      actingAs: row.acting === 1,
      keyMode: row.api_key_mode as KeyMode | null,
      time: isoTime(row.created_at) as string,
    })),
    total,
    page,
    pageSize,
  };
}

const columns: XlsxColumn<UserLogRow>[] = [
  { header: 'colTime', width: 26, value: (r) => isoOrEmpty(r.created_at) },
  { header: 'colActor', width: 28, value: (r) => r.actor ?? (r.actor_id === null ? '' : `#${r.actor_id}`) },
  { header: 'colSubject', width: 28, value: (r) => r.subject ?? (r.subject_id === null ? '' : `#${r.subject_id}`) },
  { header: 'colActingAs', width: 14, value: (r) => (r.acting === 1 ? '✓' : '') },
  { header: 'colApiKeyMode', width: 12, value: (r) => r.api_key_mode ?? '' },
  { header: 'colCall', width: 50, value: (r) => `${r.method} ${r.path}` },
  { header: 'colStatus', width: 10, value: (r) => r.status_code },
  { header: 'colIp', width: 18, value: (r) => r.ip },
];

export function exportUserLogs(
  ctx: AppContext,
  reply: FastifyReply,
  scope: Scope,
  filter: UserLogFilter,
  locale: Locale,
) {
  const pages = pagesById((before, size) => userLogRows(ctx.db, scope, filter, size, 0, before));
  return sendXlsx(reply, `user-log-${new Date().toISOString().slice(0, 10)}.xlsx`, locale, columns, pages);
}
