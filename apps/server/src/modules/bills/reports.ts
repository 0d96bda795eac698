/**
 * Bills asked of a channel's carrier through its API (docs/bills.md, "From the carrier"): staff ask for the
 * bill of a span of days, the carrier makes it in its own time, and a task reads it once made into a
 * previewed bill, exactly as an uploaded file of that carrier is read (service.ts keepBillFile). Nothing is
 * charged until staff post it.
 */

import type { Locale } from '@parcelport/shared';
import {
  BILL_REPORT_MAX_DAYS,
  type BillReportStatus,
  type BillReportView,
} from '@parcelport/shared/contracts/bills/index';
import { adapterFor } from '../../carriers/registry.ts';
import type { BillReportState, BillReports } from '../../carriers/types.ts';
import { UpstreamError } from '../../carriers/upstream/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { isoTime } from '../../http/envelope.ts';
import type { Scope } from '../../http/scope.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { enqueueTask } from '../../jobs/queue.ts';
import type { TaskHandler } from '../../jobs/tasks.ts';
import { adapterDeps } from '../channels/adapter-deps.ts';
import { channelConfig } from '../channels/repo.ts';
import { PRESETS } from './presets.ts';
import { keepBillFile, requirePlatformWide } from './service.ts';

/** The task that reads a report once the carrier made it. */
export const BILL_REPORT_TASK = 'billReport';

/** How long a carrier may take to make a report before it is given up as failed. */
const MAKING_LIMIT_MS = 24 * 3_600_000;
const DAY_MS = 86_400_000;

/** The channel, its adapter and the adapter's reports; a 400 on `channelId` when its carrier makes none. */
async function reportingChannel(db: Db, channelId: number) {
  const channel = await channelConfig(db, channelId);
  if (!channel) throw invalidFields({ channelId: 'channelNotFound' });
  const adapter = adapterFor(channel.platformCode);
  const reports = adapter?.billReports;
  if (!adapter || !reports) throw invalidFields({ channelId: 'billReportsUnsupported' });
  return { channel, adapter, reports };
}

/** A span of whole days up to today (UTC), at most BILL_REPORT_MAX_DAYS long. */
function checkSpan(from: string, to: string) {
  const first = Date.parse(from);
  const last = Date.parse(to);
  if (last > Date.now()) throw invalidFields({ to: 'billReportFuture' });
  if (last < first || (last - first) / DAY_MS + 1 > BILL_REPORT_MAX_DAYS) throw invalidFields({ to: 'billReportSpan' });
}

/** Asks the channel's carrier for its bill of the span and has a task read it once made. */
export async function requestBillReport(
  ctx: AppContext,
  actorId: number,
  scope: Scope,
  body: { channelId: number; from: string; to: string },
  locale: Locale,
): Promise<BillReportView> {
  requirePlatformWide(scope);
  checkSpan(body.from, body.to);
  const { channel, adapter, reports } = await reportingChannel(ctx.db, body.channelId);
  let upstreamId: string;
  try {
    upstreamId = await reports.request({ channel, from: body.from, to: body.to }, adapterDeps(ctx, adapter, channel));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    throw new AppError(502, 'billReportFailed', {}, { channel: channel.name, message: error.message });
  }
  const now = Date.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('carrier_bill_reports')
      .values({
        channel_id: channel.id,
        upstream_id: upstreamId,
        date_from: body.from,
        date_to: body.to,
        status: 'requested',
        requested_by: actorId,
        requested_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueTask(trx, { userId: actorId, type: BILL_REPORT_TASK, payload: { reportId: id } });
    return id;
  });
  const row = await reportRows(ctx.db).where('report.id', '=', id).executeTakeFirstOrThrow();
  return reportView(row, locale);
}

/** The reports asked for, newest first (of a channel, or of all). */
export async function listBillReports(
  db: Db,
  scope: Scope,
  query: { page: number; pageSize: number; channelId?: number | undefined },
  locale: Locale,
) {
  requirePlatformWide(scope);
  const { page, pageSize, channelId } = query;
  const [rows, total] = await Promise.all([
    reportRows(db)
      .$if(channelId !== undefined, (qb) => qb.where('report.channel_id', '=', channelId as number))
      .orderBy('report.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('carrier_bill_reports')
      .$if(channelId !== undefined, (qb) => qb.where('channel_id', '=', channelId as number))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((row) => reportView(row, locale)), total: Number(total.n), page, pageSize };
}

/** Reports with their channel's name and who asked. */
const reportRows = (db: Db) =>
  db
    .selectFrom('carrier_bill_reports as report')
    .innerJoin('channels', 'channels.id', 'report.channel_id')
    .innerJoin('users', 'users.id', 'report.requested_by')
    .selectAll('report')
    .select(['channels.name as channel_name', 'users.username as requester']);

function reportView(
  row: Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>,
  locale: Locale,
): BillReportView {
  return {
    id: row.id,
    channelId: row.channel_id,
    channelName: row.channel_name,
    from: row.date_from,
    to: row.date_to,
    status: row.status as BillReportStatus,
    billId: row.bill_id,
    message: OUR_REASONS.has(row.message) ? translate(row.message as MessageKey, locale) : row.message,
    requestedBy: row.requester,
    requestedAt: isoTime(row.requested_at) as string,
    updatedAt: isoTime(row.updated_at) as string,
  };
}

async function settle(db: Db, id: number, change: { status: BillReportStatus; billId?: number; message?: string }) {
  await db
    .updateTable('carrier_bill_reports')
    .set({
      status: change.status,
      bill_id: change.billId ?? null,
      message: (change.message ?? '').slice(0, 500),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .execute();
}

/** Our own reasons a report failed (the carrier's are its words), shown in the reader's language. */
const OUR_REASONS: ReadonlySet<string> = new Set<MessageKey>(['billReportNotMade', 'billReportsUnsupported']);

/** Why asking again cannot help: the carrier refused the call as it is, or the channel no longer reports. */
const permanent = (error: unknown) =>
  error instanceof AppError ||
  (error instanceof UpstreamError && (error.kind === 'badRequest' || error.kind === 'auth'));

/**
 * Reads a report of the carrier: made, it becomes a previewed bill of whoever asked (the preset of the
 * carrier, its amount kind, no hand mapping); still being made, or the carrier out of reach, the task is
 * tried again later (its backoff); failed at the carrier, refused, or not made within MAKING_LIMIT_MS, the
 * report is failed with the reason.
 */
export const billReportTask: TaskHandler = {
  timeoutMs: 120_000,
  // 5 s, 10 s, 20 s … doubling: more than a day of asking in all, so that MAKING_LIMIT_MS ends it first.
  attempts: 16,
  retryMs: 5_000,
  async run(ctx, job) {
    const reportId = Number(job.payload.reportId);
    const report = await ctx.db
      .selectFrom('carrier_bill_reports')
      .selectAll()
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (report?.status !== 'requested') return 'nothing to read';
    const overdue = Date.now() - report.requested_at >= MAKING_LIMIT_MS;
    let state: BillReportState;
    let reports: BillReports;
    try {
      const reporting = await reportingChannel(ctx.db, report.channel_id);
      reports = reporting.reports;
      const { channel, adapter } = reporting;
      state = await reports.read({ channel, id: report.upstream_id }, adapterDeps(ctx, adapter, channel));
    } catch (error) {
      if (!overdue && !permanent(error)) throw error;
      const message = error instanceof AppError ? 'billReportsUnsupported' : (error as Error).message;
      await settle(ctx.db, reportId, { status: 'failed', message });
      return 'failed';
    }
    if (state.status === 'pending') {
      if (!overdue) throw new Error('the carrier is still making it');
      await settle(ctx.db, reportId, { status: 'failed', message: 'billReportNotMade' });
      return 'given up';
    }
    if (state.status !== 'ready') {
      await settle(ctx.db, reportId, state);
      return state.status;
    }
    const reading = {
      channelId: report.channel_id,
      preset: reports.preset,
      amountKind: PRESETS[reports.preset].amountKind,
      mapping: {},
    };
    const { id } = await keepBillFile(ctx, report.requested_by, reading, state.file);
    await settle(ctx.db, reportId, { status: 'previewed', billId: id });
    return `bill ${id}`;
  },
};
