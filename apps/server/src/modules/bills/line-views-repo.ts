import { formatCents } from '@parcelport/shared';
import type {
  BillDispute,
  BillLineKind,
  BillLineView,
  BillResolution,
  UnexplainedReason,
} from '@parcelport/shared/contracts/bills/index';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { ouncesOf } from './presets.ts';

const money = (cents: number | null) => (cents === null ? null : formatCents(Number(cents)));

type LineQuery = ReturnType<typeof lineQuery>;

/** Bill lines with what they are matched to: the order's number and zone, the customer, the parcel. */
function lineQuery(db: Db) {
  return db
    .selectFrom('carrier_bill_lines as line')
    .leftJoin('orders', 'orders.id', 'line.order_id')
    .leftJoin('users', 'users.id', 'line.user_id')
    .leftJoin('parcels', (join) =>
      join.onRef('parcels.order_id', '=', 'line.order_id').onRef('parcels.tracking_no', '=', 'line.tracking_no'),
    );
}

function selectLines(query: LineQuery) {
  return query
    .selectAll('line')
    .select([
      'orders.order_no',
      'orders.zone',
      'users.username',
      'parcels.weight',
      'parcels.mass_unit',
      'parcels.length',
      'parcels.width',
      'parcels.height',
      'parcels.distance_unit',
    ]);
}

type LineRow = Awaited<ReturnType<ReturnType<typeof selectLines>['execute']>>[number];

function lineView(row: LineRow): BillLineView {
  return {
    id: row.id,
    billId: row.bill_id,
    row: row.row_no,
    trackingNo: row.tracking_no,
    kind: row.kind as BillLineKind,
    cause: row.cause as BillLineView['cause'],
    reason: row.reason,
    orderId: row.order_id,
    orderNo: row.order_no ?? null,
    userId: row.user_id,
    customer: row.username ?? null,
    amount: formatCents(Number(row.amount)),
    costChange: formatCents(Number(row.cost_change)),
    declaredOz: row.weight === null ? null : ouncesOf(row.weight, row.mass_unit ?? 'lb'),
    billedOz: row.billed_oz,
    declaredSize: row.length === null ? '' : `${row.length} x ${row.width} x ${row.height} ${row.distance_unit}`,
    billedSize: row.billed_size,
    declaredZone: row.zone ?? null,
    billedZone: row.billed_zone,
    service: row.service,
    merchantChange: money(row.merchant_change),
    penalty: money(row.penalty),
    taken: money(row.taken),
    owed: money(row.owed),
    postedAt: isoTime(row.posted_at),
    duplicateOf: row.duplicate_of,
    follows: row.follows,
    dispute: (row.dispute || 'none') as BillDispute,
    disputeReason: row.dispute_reason,
    disputeAnswer: row.dispute_answer,
    workOrderId: row.work_order_id,
    resolution: (row.resolution || 'none') as BillResolution,
    resolutionNote: row.resolution_note,
  };
}

/** One page of lines: `where` narrows, `order` sorts (ties by id). */
async function linePage(
  db: Db,
  where: (query: LineQuery) => LineQuery,
  order: (query: ReturnType<typeof selectLines>) => ReturnType<typeof selectLines>,
  page: number,
  pageSize: number,
): Promise<{ list: BillLineView[]; total: number }> {
  const [rows, total] = await Promise.all([
    order(selectLines(where(lineQuery(db))))
      .orderBy('line.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    where(lineQuery(db))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(lineView), total: Number(total.n) };
}

/** A bill's lines in file order, with the label's declared figures beside the carrier's. */
export function billLines(
  db: Db,
  billId: number,
  filter: { kind?: BillLineKind | undefined; trackingNo?: string | undefined },
  page: number,
  pageSize: number,
) {
  return linePage(
    db,
    (query) =>
      query
        .where('line.bill_id', '=', billId)
        .$if(filter.kind !== undefined, (qb) => qb.where('line.kind', '=', filter.kind as BillLineKind))
        .$if(Boolean(filter.trackingNo), (qb) =>
          qb.where('line.tracking_no', '=', (filter.trackingNo as string).replace(/\s+/g, '').toUpperCase()),
        ),
    (query) => query.orderBy('line.row_no'),
    page,
    pageSize,
  );
}

/** A merchant's posted lines that moved money, newest first. */
export function linesOfMerchant(db: Db, userId: number, page: number, pageSize: number) {
  return linePage(
    db,
    (query) =>
      query
        .where('line.user_id', '=', userId)
        .where('line.posted_at', 'is not', null)
        .where((eb) => eb.or([eb('line.merchant_change', '!=', 0), eb('line.penalty', '>', 0)])),
    (query) => query.orderBy('line.posted_at', 'desc').orderBy('line.id', 'desc'),
    page,
    pageSize,
  );
}

/**
 * Lines left unexplained (one reason, or any), of one channel's bills or all, newest first: what the
 * reconciliation counts as unexplained, line by line.
 */
export function unexplainedLines(
  db: Db,
  filter: { channelId?: number | undefined; reason?: UnexplainedReason | undefined },
  page: number,
  pageSize: number,
) {
  return linePage(
    db,
    (query) =>
      query
        .$if(filter.channelId !== undefined, (qb) =>
          qb.where('line.bill_id', 'in', (eb) =>
            eb
              .selectFrom('carrier_bills')
              .select('id')
              .where('channel_id', '=', filter.channelId as number),
          ),
        )
        .where((eb) => {
          const reasons: Record<UnexplainedReason, ReturnType<typeof eb.and>> = {
            unmatched: eb.and([eb('line.kind', '=', 'unmatched')]),
            duplicate: eb.and([eb('line.kind', '=', 'duplicate')]),
            unposted: eb.and([
              eb('line.posted_at', 'is', null),
              eb('line.kind', 'in', ['matches', 'adjustment', 'credit']),
            ]),
            voided: eb.and([eb('line.kind', '=', 'voided'), eb('line.resolution', '=', '')]),
            disputed: eb.and([eb('line.dispute', '=', 'open')]),
          };
          return filter.reason ? reasons[filter.reason] : eb.or(Object.values(reasons));
        }),
    (query) => query.orderBy('line.id', 'desc'),
    page,
    pageSize,
  );
}

/** Disputed lines, the open ones first, newest first within. */
export function disputedLines(db: Db, state: BillDispute | undefined, page: number, pageSize: number) {
  return linePage(
    db,
    (query) => (state === undefined ? query.where('line.dispute', '!=', '') : query.where('line.dispute', '=', state)),
    (query) =>
      query
        .orderBy((eb) => eb.case().when('line.dispute', '=', 'open').then(0).else(1).end())
        .orderBy('line.disputed_at', 'desc'),
    page,
    pageSize,
  );
}

export async function lineById(db: Db, id: number): Promise<BillLineView> {
  const row = await selectLines(lineQuery(db).where('line.id', '=', id)).executeTakeFirst();
  if (!row) throw notFound();
  return lineView(row);
}
