/** Drafts as rows: written from the form, an import or a copy, and rewritten while still a draft. */
import { EDITABLE_STATUSES, ORDER_STATUS, TRACKING_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import type { ReadyDraft } from '../../declaration.ts';
import type { OrderRow, ParcelRow } from './repo.ts';
import type { OrderInput, ParcelInput } from './schemas.ts';

export function orderColumns(input: OrderInput) {
  const residential = input.residential ?? input.to.isResidential;
  return {
    from_address: JSON.stringify(input.from),
    to_address: JSON.stringify(input.to),
    from_name: input.from.personName,
    from_zip: input.from.zipCode,
    to_name: input.to.personName,
    to_zip: input.to.zipCode,
    reference1: input.reference1,
    reference2: input.reference2,
    remark: input.remark,
    battery_type: input.batteryType,
    insurance_cents: input.parcels.reduce((sum, parcel) => sum + parcel.insuredValue, 0),
    residential: residential ? 1 : 0,
    label_size: input.labelSize,
    extra: JSON.stringify(input.extra),
    is_test: input.isTest ? 1 : 0,
    ship_date: input.shipDate ?? null,
    batch_no: input.batchNo ?? null,
  };
}

export function parcelValues(orderId: number, parcels: ParcelInput[]) {
  return parcels.map((parcel, index) => ({
    order_id: orderId,
    seq: index + 1,
    length: parcel.length,
    width: parcel.width,
    height: parcel.height,
    weight: parcel.weight,
    mass_unit: parcel.massUnit,
    distance_unit: parcel.distanceUnit,
    package_code: parcel.packageCode,
    package_num: parcel.packageNum,
    package_amount: parcel.packageAmount,
    insured_cents: parcel.insuredValue,
    reference: parcel.reference,
    reference2: parcel.reference2,
  }));
}

/** A draft written: its id, number and mode. */
export type DraftRow = { id: number; order_no: string; is_test: number };

/**
 * Arriving drafts (drafts.ts makeDrafts), in chunks of 300 orders with their parcels and a 'draft' event (its
 * detail naming where they came from), in the caller's transaction; `orderNo(i)` numbers the i-th.
 */
export async function insertDrafts(
  db: Db,
  userId: number,
  drafts: readonly ReadyDraft[],
  orderNo: (index: number) => string,
  event: { detail: string; actorId: number | null },
): Promise<DraftRow[]> {
  const now = Date.now();
  const made: DraftRow[] = [];
  for (let start = 0; start < drafts.length; start += 300) {
    const chunk = drafts.slice(start, start + 300);
    const inserted = await db
      .insertInto('orders')
      .values(
        chunk.map(({ input, columns }, i) => ({
          ...orderColumns(input),
          ...columns,
          order_no: orderNo(start + i),
          user_id: userId,
          status: ORDER_STATUS.draft,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning(['id', 'order_no', 'is_test'])
      .execute();
    const rowByNo = new Map(inserted.map((row) => [row.order_no, row]));
    const rowOf = (i: number) => rowByNo.get(orderNo(start + i)) as DraftRow;
    const idOf = (i: number) => rowOf(i).id;
    const parcels = chunk.flatMap(({ input }, i) => parcelValues(idOf(i), input.parcels));
    for (let p = 0; p < parcels.length; p += 500)
      await db
        .insertInto('parcels')
        .values(parcels.slice(p, p + 500))
        .execute();
    await db
      .insertInto('order_events')
      .values(
        inserted.map((row) => ({
          order_id: row.id,
          status: ORDER_STATUS.draft,
          event: 'draft',
          detail: event.detail,
          actor_id: event.actorId,
          created_at: now,
        })),
      )
      .execute();
    // In the drafts' order, whatever order the database answered in.
    made.push(...chunk.map((_, i) => rowOf(i)));
  }
  return made;
}

/** The columns of a draft no arrival readied: its items only (a return label's, or with no `arrival` hook). */
export const draftColumnsOf = (input: OrderInput): ReadyDraft['columns'] => ({
  items: JSON.stringify(input.items ?? []),
});

/** A new draft with an order's parties and options (not its label, money or history), numbered `orderNo`. */
export async function insertCopy(db: Db, order: OrderRow, orderNo: string): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('orders')
    .values({
      order_no: orderNo,
      user_id: order.user_id,
      batch_no: order.batch_no,
      from_address: order.from_address,
      to_address: order.to_address,
      from_name: order.from_name,
      from_zip: order.from_zip,
      to_name: order.to_name,
      to_zip: order.to_zip,
      reference1: order.reference1,
      reference2: order.reference2,
      remark: order.remark,
      battery_type: order.battery_type,
      insurance_cents: order.insurance_cents,
      residential: order.residential,
      label_size: order.label_size,
      extra: order.extra,
      is_test: order.is_test,
      items: order.items,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Parcels copied onto another order: their size, weight, package and declared value, none of a label. */
export async function copyParcels(db: Db, parcels: readonly ParcelRow[], orderId: number): Promise<void> {
  if (parcels.length === 0) return;
  await db
    .insertInto('parcels')
    .values(
      parcels.map((parcel) => ({
        order_id: orderId,
        seq: parcel.seq,
        length: parcel.length,
        width: parcel.width,
        height: parcel.height,
        weight: parcel.weight,
        mass_unit: parcel.mass_unit,
        distance_unit: parcel.distance_unit,
        package_code: parcel.package_code,
        package_num: parcel.package_num,
        package_amount: parcel.package_amount,
        insured_cents: parcel.insured_cents,
        reference: parcel.reference,
        reference2: parcel.reference2,
      })),
    )
    .execute();
}

/**
 * Takes an order's label off its parcels (back to draft): tracking number, barcode and every tracking
 * state, so a label bought later is tracked, and registered with the provider, as a new one.
 */
export async function clearParcelLabels(db: Db, orderId: number): Promise<void> {
  await db
    .updateTable('parcels')
    .set({
      tracking_no: null,
      barcode: null,
      tracking_status: TRACKING_STATUS.notFound,
      tracking_updated_at: null,
      tracking_registered: 0,
      tracking_checked_at: 0,
      tracking_claimed_until: null,
    })
    .where('order_id', '=', orderId)
    .execute();
}

async function writeParcels(db: Db, orderId: number, parcels: ParcelInput[]) {
  await db.deleteFrom('parcels').where('order_id', '=', orderId).execute();
  await db.insertInto('parcels').values(parcelValues(orderId, parcels)).execute();
}

/** A new draft, with the columns its arrival readied (drafts.ts readyDrafts) or its items only. */
export async function insertDraft(
  db: Db,
  userId: number,
  orderNo: string,
  input: OrderInput,
  columns: ReadyDraft['columns'] = draftColumnsOf(input),
): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('orders')
    .values({
      ...orderColumns(input),
      ...columns,
      order_no: orderNo,
      user_id: userId,
      status: ORDER_STATUS.draft,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeParcels(db, id, input.parcels);
  return id;
}

/** Rewrites a draft (a draft or failed order only, checked in the update itself); false when it is not editable. */
export async function updateDraft(db: Db, orderId: number, userId: number, input: OrderInput): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({
      ...orderColumns(input),
      items: JSON.stringify(input.items ?? []),
      status: ORDER_STATUS.draft,
      fail_reason: '',
      updated_at: Date.now(),
      version: (eb) => eb('version', '+', 1),
    })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('status', 'in', EDITABLE_STATUSES)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await writeParcels(db, orderId, input.parcels);
  return true;
}
