/**
 * The staff settlements of SCAN forms whose answer was lost (settlement/carrier-form-settle.ts): the parcels asked for a
 * form, and a settlement written with the form it recorded (table carrier_form_settlements, 0054).
 */
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { withinScope } from './repo.ts';

/** Parcels asked for a form, with what groups them into one ask (the account, the channel, test or live). */
const askedParcels = (db: Db, scope: Scope) =>
  db
    .selectFrom('parcels')
    .innerJoin('orders', 'orders.id', 'parcels.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .innerJoin('channels', 'channels.id', 'orders.channel_id')
    .select([
      'parcels.id',
      'parcels.tracking_no',
      'parcels.carrier_form_asked_at as asked_at',
      'parcels.carrier_manifest_id',
      'orders.user_id',
      'orders.channel_id',
      'orders.is_test',
      'users.username',
      'channels.name as channel_name',
      'channels.platform_code',
    ])
    .$call((qb) => withinScope(qb, scope));

export type AskedParcel = Awaited<ReturnType<ReturnType<typeof askedParcels>['execute']>>[number];

/** The parcels asked for a form before `askedBefore` and on none yet, oldest ask first. */
export function asksBefore(db: Db, scope: Scope, askedBefore: number) {
  return askedParcels(db, scope)
    .where('parcels.carrier_manifest_id', 'is', null)
    .where('parcels.carrier_form_asked_at', '<', askedBefore)
    .orderBy('parcels.carrier_form_asked_at')
    .orderBy('parcels.id')
    .execute();
}

/** One parcel asked for a form (or once asked), within the scope. */
export function askedParcel(db: Db, scope: Scope, parcelId: number) {
  return askedParcels(db, scope).where('parcels.id', '=', parcelId).executeTakeFirst();
}

/** The parcels still asked in the same ask as `parcel`: its account's, channel's and mode's, asked at the same moment. */
export function askedWith(db: Db, scope: Scope, parcel: AskedParcel) {
  return askedParcels(db, scope)
    .where('parcels.carrier_form_asked_at', '=', parcel.asked_at)
    .where('parcels.carrier_manifest_id', 'is', null)
    .where('orders.user_id', '=', parcel.user_id)
    .where('orders.channel_id', '=', parcel.channel_id)
    .where('orders.is_test', '=', parcel.is_test)
    .orderBy('parcels.id')
    .execute();
}

/** A settlement as staff made it, with the page drawn for a recorded form (`fileName`, null when released). */
export interface FormSettlement {
  parcel: AskedParcel;
  parcelIds: number[];
  outcome: 'recorded' | 'released';
  formNumber: string | null;
  fileName: string | null;
  trackingNumbers: string[];
  settledBy: number;
  now: number;
}

/**
 * Writes a settlement in the caller's transaction: the recorded form kept as the parcels' form, the parcels no
 * longer asked, the settlement itself. False when another settlement took a parcel first (the caller undoes it).
 */
export async function recordSettlement(trx: Db, settlement: FormSettlement): Promise<boolean> {
  const { parcel, now } = settlement;
  const askedAt = parcel.asked_at as number;
  const manifestId = settlement.fileName
    ? (
        await trx
          .insertInto('carrier_manifests')
          .values({
            channel_id: parcel.channel_id as number,
            user_id: parcel.user_id,
            upstream_id: settlement.formNumber as string,
            file_name: settlement.fileName,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    : null;
  // Only labels still asked at that moment: a settlement made meanwhile took them, and this one is undone.
  const taken = await trx
    .updateTable('parcels')
    .set({ carrier_form_asked_at: null, carrier_manifest_id: manifestId })
    .where('id', 'in', settlement.parcelIds)
    .where('carrier_form_asked_at', '=', askedAt)
    .where('carrier_manifest_id', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== settlement.parcelIds.length) return false;
  await trx
    .insertInto('carrier_form_settlements')
    .values({
      channel_id: parcel.channel_id as number,
      user_id: parcel.user_id,
      asked_at: askedAt,
      outcome: settlement.outcome,
      form_number: settlement.formNumber,
      carrier_manifest_id: manifestId,
      tracking_numbers: JSON.stringify(settlement.trackingNumbers),
      settled_by: settlement.settledBy,
      settled_at: now,
    })
    .execute();
  return true;
}
