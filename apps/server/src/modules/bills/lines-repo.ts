/** The bill lines' writes (table carrier_bill_lines) as voided lines are decided and disputes opened and settled. */
import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CarrierBillLinesTable } from '../../db/schema.ts';

/** Bill line `id`, if there is one. */
export function lineRow(db: Db, id: number) {
  return db.selectFrom('carrier_bill_lines').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Takes a voided line's decision: still undecided, its `posted_key` taken and its `posted_at` set unless it
 * was posted. False when someone decided it first.
 */
export async function claimVoidedLine(
  db: Db,
  lineId: number,
  lineKey: string,
  resolution: 'charged' | 'writtenOff',
  note: string,
  actorId: number,
): Promise<boolean> {
  const now = Date.now();
  const claimed = await db
    .updateTable('carrier_bill_lines')
    .set((eb) => ({
      resolution,
      resolution_note: note,
      resolved_by: actorId,
      resolved_at: now,
      posted_key: lineKey,
      posted_at: eb.fn.coalesce('posted_at', eb.val(now)),
    }))
    .where('id', '=', lineId)
    .where('kind', '=', 'voided')
    .where('resolution', '=', '')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Writes what the line moved of the merchant's money. */
export async function setLineMoney(
  db: Db,
  id: number,
  money: Pick<Updateable<CarrierBillLinesTable>, 'merchant_change' | 'penalty' | 'taken' | 'owed'>,
): Promise<void> {
  await db.updateTable('carrier_bill_lines').set(money).where('id', '=', id).execute();
}

/** Opens a dispute on the line if none was opened; false when one was. */
export async function claimDispute(db: Db, lineId: number, reason: string): Promise<boolean> {
  const claimed = await db
    .updateTable('carrier_bill_lines')
    .set({ dispute: 'open', dispute_reason: reason, disputed_at: Date.now() })
    .where('id', '=', lineId)
    .where('dispute', '=', '')
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/** Links the line to the work order its dispute opened. */
export async function setLineWorkOrder(db: Db, lineId: number, workOrderId: number): Promise<void> {
  await db.updateTable('carrier_bill_lines').set({ work_order_id: workOrderId }).where('id', '=', lineId).execute();
}

/** Settles the line's dispute if it is still open; answers what the line took, or nothing when it was not open. */
export function settleOpenDispute(
  db: Db,
  lineId: number,
  settlement: Pick<
    Updateable<CarrierBillLinesTable>,
    'dispute' | 'dispute_answer' | 'settled_by' | 'settled_at' | 'owed'
  >,
) {
  return db
    .updateTable('carrier_bill_lines')
    .set(settlement)
    .where('id', '=', lineId)
    .where('dispute', '=', 'open')
    .returning(['taken'])
    .executeTakeFirst();
}

/** The merchant's lines that left money owed, oldest first. */
export function owingLines(db: Db, userId: number) {
  return db
    .selectFrom('carrier_bill_lines')
    .select(['id', 'bill_id', 'owed', 'tracking_no'])
    .where('user_id', '=', userId)
    .where('owed', '>', 0)
    .orderBy('id')
    .execute();
}

/** Moves `take` of what the line left owed to what it took, if it still owes that much; false when not. */
export async function takeOwed(db: Db, lineId: number, take: number): Promise<boolean> {
  const moved = await db
    .updateTable('carrier_bill_lines')
    .set((eb) => ({ owed: eb('owed', '-', take), taken: eb(eb.fn.coalesce('taken', eb.lit(0)), '+', take) }))
    .where('id', '=', lineId)
    .where('owed', '>=', take)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}
