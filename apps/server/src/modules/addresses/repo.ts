/** A merchant's address correction mode (`address_correction_modes`, off when absent; correction.ts). */
import type { AddressCorrectionMode } from '@parcelport/shared/contracts/addresses/index';
import type { Db } from '../../db/index.ts';

export async function correctionModeOf(db: Db, userId: number): Promise<AddressCorrectionMode> {
  const row = await db
    .selectFrom('address_correction_modes')
    .select('mode')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return (row?.mode as AddressCorrectionMode | undefined) ?? 'off';
}

export async function setCorrectionMode(db: Db, userId: number, mode: AddressCorrectionMode) {
  const now = Date.now();
  await db
    .insertInto('address_correction_modes')
    .values({ user_id: userId, mode, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ mode, updated_at: now }))
    .execute();
  return { mode };
}
