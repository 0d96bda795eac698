import type { BillAmountKind, BillField, BillPreset } from '@parcelport/shared/contracts/bills/index';
import { sql } from 'kysely';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import type { ClassifiedLine, RevisedLine } from './match.ts';
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

/** A 404 for a bill that is not there. */
export async function requireBill(db: Db, id: number): Promise<void> {
  const bill = await db.selectFrom('carrier_bills').select('id').where('id', '=', id).executeTakeFirst();
  if (!bill) throw notFound();
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

/** The channel's id and platform, if there is such a channel. */
export function channelRow(db: Db, channelId: number) {
  return db.selectFrom('channels').select(['id', 'platform_code']).where('id', '=', channelId).executeTakeFirst();
}

/** Has PostgreSQL gather the bill lines' statistics now (after a big bill). */
export async function analyzeBillLines(db: Db): Promise<void> {
  await sql`analyze carrier_bill_lines`.execute(db);
}

/** Bill `id`, if there is one. */
export function billRow(db: Db, id: number) {
  return db.selectFrom('carrier_bills').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The bill's first and last line ids. */
export function lineIdSpan(db: Db, billId: number) {
  return db
    .selectFrom('carrier_bill_lines')
    .select((eb) => [eb.fn.min<number>('id').as('first'), eb.fn.max<number>('id').as('last')])
    .where('bill_id', '=', billId)
    .executeTakeFirstOrThrow();
}

/** The bill's lines still to post among the `size` ids from `from`, with their order's number, in id order. */
export function linesToPost(db: Db, billId: number, from: number, size: number) {
  return (
    db
      .selectFrom('carrier_bill_lines as line')
      .innerJoin('orders', 'orders.id', 'line.order_id')
      .select([
        'line.id',
        'line.order_id',
        'line.cost_change',
        'line.cost_before',
        'line.billed_oz',
        'line.cause',
        'line.line_key',
        'line.adjusts',
        'orders.order_no',
      ])
      .where('line.id', '>=', from)
      .where('line.id', '<', from + size)
      .where('line.bill_id', '=', billId)
      // A voided line is claimed too (posted once, moving nothing) and waits for staff (voided.ts).
      .where('line.kind', 'in', ['matches', 'adjustment', 'credit', 'voided'])
      .where('line.posted_at', 'is', null)
      .orderBy('line.id')
      .execute()
  );
}

/** Marks a previewed bill posted. */
export async function markBillPosted(db: Db, billId: number, actor: number): Promise<void> {
  await db
    .updateTable('carrier_bills')
    .set({ status: 'posted', posted_by: actor, posted_at: Date.now() })
    .where('id', '=', billId)
    .where('status', '=', 'previewed')
    .execute();
}
