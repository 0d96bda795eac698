import { formatCents, type Locale } from '@parcelport/shared';
import {
  BILL_LINE_KINDS,
  type BillAmountKind,
  type BillDispute,
  type BillField,
  type BillLineKind,
  type BillLineView,
  type BillPreset,
  type BillResolution,
  type BillView,
  type UnexplainedReason,
} from '@parcelport/shared/contracts/bills/index';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { isMessageKey, translate } from '../../i18n/messages.ts';
import type { ClassifiedLine, RevisedLine } from './match.ts';
import { ouncesOf } from './presets.ts';
import type { BillRowError } from './read.ts';

/** The errors a bill keeps (and shows): the first ones; a file with any is read again once fixed. */
const KEPT_ERRORS = 200;
const INSERT_CHUNK = 500;

export interface NewBill {
  channelId: number;
  fileName: string;
  sha256: string;
  preset: BillPreset;
  amountKind: BillAmountKind;
  mapping: Partial<Record<BillField, string>>;
  /** Complete once the lines were taken (read as they are kept). */
  errors: BillRowError[];
  createdBy: number;
}

/** The bill this very file made for the channel before, if any. */
export async function billOfFile(db: Db, channelId: number, sha256: string): Promise<number | null> {
  const row = await db
    .selectFrom('carrier_bills')
    .select('id')
    .where('channel_id', '=', channelId)
    .where('file_sha256', '=', sha256)
    .executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Keeps a bill and its classified lines, in one transaction: a bill is there whole or not at all. The lines
 * come a slice at a time, classified within the transaction (the file read as they come); then the bill's row
 * errors are written, and the lines kept with an earlier slice that a later one revised (an order's parcels
 * summed on its first line) are brought up to date.
 */
export async function insertBill(
  db: Db,
  bill: NewBill,
  slices: (db: Db) => AsyncIterable<ClassifiedLine[]>,
  revised: () => RevisedLine[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('carrier_bills')
      .values({
        channel_id: bill.channelId,
        file_name: bill.fileName.slice(0, 200),
        file_sha256: bill.sha256,
        preset: bill.preset,
        amount_kind: bill.amountKind,
        mapping: JSON.stringify(bill.mapping),
        errors: '[]',
        status: 'previewed',
        created_by: bill.createdBy,
        created_at: Date.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for await (const lines of slices(trx)) {
      for (let i = 0; i < lines.length; i += INSERT_CHUNK) {
        await trx
          .insertInto('carrier_bill_lines')
          .values(
            lines.slice(i, i + INSERT_CHUNK).map((line) => ({
              bill_id: id,
              row_no: line.row,
              tracking_no: line.trackingNo,
              kind: line.kind,
              cause: line.cause,
              reason: line.reason,
              reference: line.reference,
              order_id: line.orderId,
              user_id: line.userId,
              amount: line.amount,
              cost_change: line.costChange,
              cost_before: line.costBefore,
              billed_oz: line.billedOz,
              billed_size: line.billedSize,
              billed_zone: line.zone,
              service: line.service,
              line_key: line.lineKey,
              adjusts: line.adjusts ? 1 : 0,
              // A duplicate of a row of this bill names it once the bill has its id.
              duplicate_of: line.duplicateOf.startsWith(':') ? `${id}${line.duplicateOf}` : line.duplicateOf,
              follows: line.follows.startsWith(':') ? `${id}${line.follows}` : line.follows,
            })),
          )
          .execute();
      }
    }
    // The file's rows were read as its lines were kept: its errors are known now.
    if (bill.errors.length > 0)
      await trx
        .updateTable('carrier_bills')
        .set({ errors: JSON.stringify(bill.errors.slice(0, KEPT_ERRORS)) })
        .where('id', '=', id)
        .execute();
    for (const line of revised()) {
      await trx
        .updateTable('carrier_bill_lines')
        .set({ kind: line.kind, cost_change: line.costChange })
        .where('bill_id', '=', id)
        // A first line is one of these kinds: the bill's index (bill, kind, row) finds it.
        .where('kind', 'in', ['matches', 'adjustment', 'credit', 'voided'])
        .where('row_no', '=', line.row)
        .execute();
    }
    return id;
  });
}

export async function saveMapping(
  db: Db,
  channelId: number,
  preset: BillPreset,
  amountKind: BillAmountKind,
  mapping: Partial<Record<BillField, string>>,
) {
  const values = { preset, amount_kind: amountKind, mapping: JSON.stringify(mapping), updated_at: Date.now() };
  await db
    .insertInto('carrier_bill_mappings')
    .values({ channel_id: channelId, ...values })
    .onConflict((oc) => oc.column('channel_id').doUpdateSet(values))
    .execute();
}

export function mappingOf(db: Db, channelId: number) {
  return db.selectFrom('carrier_bill_mappings').selectAll().where('channel_id', '=', channelId).executeTakeFirst();
}

/** The bill with its counts and figures, in the reader's language (its row errors' reasons). */
export async function billView(db: Db, id: number, locale: Locale): Promise<BillView> {
  const [view] = await billViews(db, [id], locale);
  if (!view) throw notFound();
  return view;
}

/** Bills with their counts and figures, in the order of `ids`: two queries for a whole page. */
export async function billViews(db: Db, ids: readonly number[], locale: Locale): Promise<BillView[]> {
  if (ids.length === 0) return [];
  const [bills, sums] = await Promise.all([
    db
      .selectFrom('carrier_bills')
      .innerJoin('channels', 'channels.id', 'carrier_bills.channel_id')
      .innerJoin('users as creator', 'creator.id', 'carrier_bills.created_by')
      .leftJoin('users as poster', 'poster.id', 'carrier_bills.posted_by')
      .selectAll('carrier_bills')
      .select(['channels.name as channel_name', 'creator.username as creator', 'poster.username as poster'])
      .where('carrier_bills.id', 'in', ids)
      .execute(),
    db
      .selectFrom('carrier_bill_lines')
      .select((eb) => [
        'bill_id',
        'kind',
        eb.fn.countAll<number>().as('lines'),
        eb.fn.sum<number>('cost_change').as('cost_change'),
        eb.fn
          .sum<number>(eb.case().when('merchant_change', '>', 0).then(eb.ref('merchant_change')).else(0).end())
          .as('charged'),
        eb.fn
          .sum<number>(eb.case().when('merchant_change', '<', 0).then(eb.ref('merchant_change')).else(0).end())
          .as('refunded'),
        eb.fn.sum<number>('penalty').as('penalty'),
        eb.fn.sum<number>('owed').as('owed'),
      ])
      .where('bill_id', 'in', ids)
      .groupBy(['bill_id', 'kind'])
      .execute(),
  ]);
  const byId = new Map(bills.map((bill) => [bill.id, bill]));
  return ids.flatMap((id) => {
    const bill = byId.get(id);
    if (!bill) return [];
    const counts = Object.fromEntries(BILL_LINE_KINDS.map((kind) => [kind, 0])) as Record<BillLineKind, number>;
    let adjustments = 0;
    let credits = 0;
    let charged = 0;
    let refunded = 0;
    let owed = 0;
    for (const row of sums) {
      if (Number(row.bill_id) !== id) continue;
      counts[row.kind as BillLineKind] = Number(row.lines);
      if (row.kind === 'adjustment') adjustments += Number(row.cost_change ?? 0);
      if (row.kind === 'credit') credits -= Number(row.cost_change ?? 0);
      charged += Number(row.charged ?? 0) + Number(row.penalty ?? 0);
      refunded -= Number(row.refunded ?? 0);
      owed += Number(row.owed ?? 0);
    }
    const errors = JSON.parse(bill.errors) as BillRowError[];
    return [
      {
        id: bill.id,
        channelId: bill.channel_id,
        channelName: bill.channel_name,
        fileName: bill.file_name,
        preset: bill.preset as BillPreset,
        amountKind: bill.amount_kind as BillAmountKind,
        status: bill.status as BillView['status'],
        lines: Object.values(counts).reduce((sum, n) => sum + n, 0),
        counts,
        adjustments: formatCents(adjustments),
        credits: formatCents(credits),
        charged: formatCents(charged),
        refunded: formatCents(refunded),
        owed: formatCents(owed),
        errors: errors.map((error) => ({
          ...error,
          message: isMessageKey(error.message) ? translate(error.message, locale) : error.message,
        })),
        createdAt: isoTime(bill.created_at) as string,
        createdBy: bill.creator,
        postedAt: isoTime(bill.posted_at),
        postedBy: bill.poster ?? null,
      },
    ];
  });
}

/** A 404 for a bill that is not there. */
export async function requireBill(db: Db, id: number): Promise<void> {
  const bill = await db.selectFrom('carrier_bills').select('id').where('id', '=', id).executeTakeFirst();
  if (!bill) throw notFound();
}

export async function billIds(db: Db, channelId: number | undefined, page: number, pageSize: number) {
  const base = db
    .selectFrom('carrier_bills')
    .$if(channelId !== undefined, (qb) => qb.where('channel_id', '=', channelId as number));
  const [rows, total] = await Promise.all([
    base
      .select('id')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { ids: rows.map((row) => row.id), total: Number(total.n) };
}

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

/** What a merchant owes from bills, in cents. */
export async function owedBy(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('carrier_bill_lines')
    .select((eb) => eb.fn.sum<number>('owed').as('owed'))
    .where('user_id', '=', userId)
    .where('owed', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.owed ?? 0);
}
