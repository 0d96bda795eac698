/**
 * Bills asked of a channel's carrier through its API (docs/bills.md, "From the carrier"): staff ask for the
 * bill of a span of days, the carrier makes it in its own time, and a task reads it once made into a
 * previewed bill, exactly as an uploaded file of that carrier is read (service.ts keepBillFile). Nothing is
 * charged until staff post it.
 */

import type { Locale } from '@parcelport/shared';
import { DAY_MS } from '@parcelport/shared';
import {
  BILL_REPORT_MAX_DAYS,
  type BillReportStatus,
  type BillReportView,
} from '@parcelport/shared/contracts/bills/index';
import type { BillReportState, BillReports } from '../../carriers/contract/bill-reports.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { enqueueTask } from '../../jobs/queue.ts';
import type { TaskHandler } from '../../jobs/tasks.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, channelConfig } from '../channels/index.ts';
import { PRESETS } from './presets.ts';
import {
  insertReport,
  type ReportRow,
  reportById,
  reportFoundAs,
  reportPage,
  reportRow,
  settleReport,
  unfoundAsk,
} from './reports-repo.ts';
import { keepBillFile, requirePlatformWide } from './service.ts';

/** The task that reads a report once the carrier made it. */
export const BILL_REPORT_TASK = 'billReport';

/** How long a carrier may take to make a report before it is given up as failed. */
const MAKING_LIMIT_MS = 24 * 3_600_000;
/**
 * How long after an ask whose answer was lost its report is still looked for: the ask may have been under
 * way at the carrier (its client's attempts and timeouts); not found by then, the carrier made none.
 */
const LOST_ASK_SETTLES_MS = 5 * 60_000;

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

/**
 * Asks the channel's carrier for its bill of the span and has a task read it once made. The ask is never
 * repeated: an answer lost leaves the report asked with no id yet, looked up (`find`) now and by the task,
 * and a new ask of the same span waits until that one is found or known never made.
 */
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
  const deps = adapterDeps(ctx, adapter, channel);
  const span = { channel, from: body.from, to: body.to };
  const unfound = await unfoundAsk(ctx.db, channel.id, body.from, body.to);
  if (unfound) {
    const lookingUp = new AppError(409, 'billReportLookingUp', {}, { channel: channel.name });
    const found = await reports.find({ ...span, askedAt: unfound.requested_at }, deps).catch((error: unknown) => {
      if (error instanceof UpstreamError) throw lookingUp;
      throw error;
    });
    if (found) {
      await reportFoundAs(ctx.db, unfound.id, found);
      return viewOf(ctx.db, unfound.id, locale);
    }
    if (Date.now() - unfound.requested_at < LOST_ASK_SETTLES_MS) throw lookingUp;
    // Known never made: that ask failed, and this one is sent.
    await settleReport(ctx.db, unfound.id, { status: 'failed', message: 'billReportLost' });
  }
  const askedAt = Date.now();
  let upstreamId: string;
  try {
    upstreamId = await reports.request(span, deps);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Refused, or never sent (a paused channel): nothing was made.
    if (error.kind !== 'transient' || error.details.pausedUntil !== undefined)
      throw new AppError(502, 'billReportFailed', {}, { channel: channel.name, message: error.message });
    ctx.log.warn({ err: error, channel: channel.id }, 'a bill report was asked for and its answer lost');
    // Made or not, unknown: looked up now, and else by the task (an id of '' is not known yet).
    const found = await reports.find({ ...span, askedAt }, deps).catch((failure: unknown) => {
      if (failure instanceof UpstreamError) return null;
      throw failure;
    });
    upstreamId = found ?? '';
  }
  const id = await ctx.db.transaction().execute(async (trx) => {
    const id = await insertReport(trx, {
      channel_id: channel.id,
      upstream_id: upstreamId,
      date_from: body.from,
      date_to: body.to,
      status: 'requested',
      requested_by: actorId,
      requested_at: askedAt,
      updated_at: askedAt,
    });
    await enqueueTask(trx, { userId: actorId, type: BILL_REPORT_TASK, payload: { reportId: id } });
    return id;
  });
  return viewOf(ctx.db, id, locale);
}

async function viewOf(db: Db, id: number, locale: Locale): Promise<BillReportView> {
  return reportView(await reportById(db, id), locale);
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
  const [rows, total] = await reportPage(db, channelId, page, pageSize);
  return { list: rows.map((row) => reportView(row, locale)), total: Number(total.n), page, pageSize };
}

function reportView(row: ReportRow, locale: Locale): BillReportView {
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

/** Our own reasons a report failed (the carrier's are its words), shown in the reader's language. */
const OUR_REASONS: ReadonlySet<string> = new Set<MessageKey>([
  'billReportNotMade',
  'billReportsUnsupported',
  'billReportLost',
]);

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
    const report = await reportRow(ctx.db, reportId);
    if (report?.status !== 'requested') return 'nothing to read';
    const overdue = Date.now() - report.requested_at >= MAKING_LIMIT_MS;
    let state: BillReportState;
    let reports: BillReports;
    try {
      const reporting = await reportingChannel(ctx.db, report.channel_id);
      reports = reporting.reports;
      const { channel, adapter } = reporting;
      const deps = adapterDeps(ctx, adapter, channel);
      let upstreamId = report.upstream_id;
      if (upstreamId === '') {
        const span = { channel, from: report.date_from, to: report.date_to, askedAt: report.requested_at };
        const found = await reports.find(span, deps);
        if (!found) {
          if (Date.now() - report.requested_at < LOST_ASK_SETTLES_MS) throw new Error('not found at the carrier yet');
          await settleReport(ctx.db, reportId, { status: 'failed', message: 'billReportLost' });
          return 'never made';
        }
        await reportFoundAs(ctx.db, reportId, found);
        upstreamId = found;
      }
      state = await reports.read({ channel, id: upstreamId }, deps);
    } catch (error) {
      if (!overdue && !permanent(error)) throw error;
      const message = error instanceof AppError ? 'billReportsUnsupported' : (error as Error).message;
      await settleReport(ctx.db, reportId, { status: 'failed', message });
      return 'failed';
    }
    if (state.status === 'pending') {
      if (!overdue) throw new Error('the carrier is still making it');
      await settleReport(ctx.db, reportId, { status: 'failed', message: 'billReportNotMade' });
      return 'given up';
    }
    if (state.status !== 'ready') {
      await settleReport(ctx.db, reportId, state);
      return state.status;
    }
    const reading = {
      channelId: report.channel_id,
      preset: reports.preset,
      amountKind: PRESETS[reports.preset].amountKind,
      mapping: {},
    };
    const { id } = await keepBillFile(ctx, report.requested_by, reading, state.file);
    await settleReport(ctx.db, reportId, { status: 'previewed', billId: id });
    return `bill ${id}`;
  },
};
