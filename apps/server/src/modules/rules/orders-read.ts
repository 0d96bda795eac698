/** The orders a dry run looks at (issue 30): a merchant's last outbound orders as the rules read them. */
import type { Db } from '../../db/index.ts';
import { type OrderInput, type OrderRow, parcelsOfOrders, parseAddress } from '../orders/index.ts';
import { lastLabelOrders, storesOfOrders } from './repo.ts';

export interface ReadOrder {
  row: OrderRow;
  input: OrderInput;
  storeId: number | null;
}

/** The merchant's last `limit` orders; of one mode only when `test` is set (an API key's: core/scope.ts). */
export async function lastOrdersOf(db: Db, userId: number, limit: number, test?: boolean): Promise<ReadOrder[]> {
  const rows = await lastLabelOrders(db, userId, limit, test);
  const ids = rows.map((row) => row.id);
  const [parcels, stores] = await Promise.all([
    parcelsOfOrders(db, ids),
    ids.length === 0 ? Promise.resolve([]) : storesOfOrders(db, ids),
  ]);
  const storeOf = new Map(stores.map((row) => [Number(row.order_id), row.store_id]));
  const parcelsOf = new Map<number, typeof parcels>();
  for (const parcel of parcels) parcelsOf.set(parcel.order_id, [...(parcelsOf.get(parcel.order_id) ?? []), parcel]);
  return rows.map((row) => ({
    row,
    storeId: storeOf.get(row.id) ?? null,
    input: {
      orderId: row.id,
      from: parseAddress(row.from_address),
      to: parseAddress(row.to_address),
      residential: row.residential === 1,
      batteryType: row.battery_type as OrderInput['batteryType'],
      reference1: row.reference1,
      reference2: row.reference2,
      remark: row.remark,
      labelSize: row.label_size as OrderInput['labelSize'],
      extra: JSON.parse(row.extra) as OrderInput['extra'],
      isTest: row.is_test === 1,
      items: JSON.parse(row.items) as OrderInput['items'],
      parcels: (parcelsOf.get(row.id) ?? []).map((parcel) => ({
        length: parcel.length,
        width: parcel.width,
        height: parcel.height,
        weight: parcel.weight,
        massUnit: parcel.mass_unit as OrderInput['parcels'][number]['massUnit'],
        distanceUnit: parcel.distance_unit as OrderInput['parcels'][number]['distanceUnit'],
        packageCode: parcel.package_code,
        packageNum: parcel.package_num,
        packageAmount: parcel.package_amount,
        insuredValue: parcel.insured_cents,
        reference: parcel.reference,
        reference2: parcel.reference2,
      })),
    },
  }));
}
