/** The bill reports' SQL (table carrier_bill_reports): each ask kept, found and settled, and the lists. */
import type { BillReportStatus } from '@parcelport/shared/contracts/bills/index';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CarrierBillReportsTable } from '../../db/schema.ts';

/** Keeps an ask of a report; answers its id. */
export async function insertReport(db: Db, report: Insertable<CarrierBillReportsTable>): Promise<number> {
  const { id } = await db.insertInto('carrier_bill_reports').values(report).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** An ask of the channel's span whose answer was lost and whose report is not found yet. */
export const unfoundAsk = (db: Db, channelId: number, from: string, to: string) =>
  db
    .selectFrom('carrier_bill_reports')
    .select(['id', 'requested_at'])
    .where('channel_id', '=', channelId)
    .where('date_from', '=', from)
    .where('date_to', '=', to)
    .where('status', '=', 'requested')
    .where('upstream_id', '=', '')
    .executeTakeFirst();

/** Records the carrier's id of a report whose ask's answer was lost, once found. */
export async function reportFoundAs(db: Db, id: number, upstreamId: string) {
  await db
    .updateTable('carrier_bill_reports')
    .set({ upstream_id: upstreamId, updated_at: Date.now() })
    .where('id', '=', id)
    .where('upstream_id', '=', '')
    .execute();
}

/** Reports with their channel's name and who asked. */
const reportRows = (db: Db) =>
  db
    .selectFrom('carrier_bill_reports as report')
    .innerJoin('channels', 'channels.id', 'report.channel_id')
    .innerJoin('users', 'users.id', 'report.requested_by')
    .selectAll('report')
    .select(['channels.name as channel_name', 'users.username as requester']);

export type ReportRow = Awaited<ReturnType<ReturnType<typeof reportRows>['executeTakeFirstOrThrow']>>;

/** Report `id` with its channel's name and who asked. */
export function reportById(db: Db, id: number): Promise<ReportRow> {
  return reportRows(db).where('report.id', '=', id).executeTakeFirstOrThrow();
}

/** One page of the reports, newest first (of a channel, or of all), and how many there are. */
export function reportPage(db: Db, channelId: number | undefined, page: number, pageSize: number) {
  return Promise.all([
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
}

/** Report `id`, if there is one. */
export function reportRow(db: Db, id: number) {
  return db.selectFrom('carrier_bill_reports').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Settles a report still asked for: made into a bill, failed with the reason, or as the carrier says. */
export async function settleReport(
  db: Db,
  id: number,
  change: { status: BillReportStatus; billId?: number; message?: string },
) {
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
