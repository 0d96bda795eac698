/**
 * What deleting an account reads from other owners' tables (wallets, orders) before it may go: whether the
 * account still holds money or has a label in flight. Reads only (docs/architecture.md "Who owns each table").
 */
import { ORDER_STATUS } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';

/** Whether any of the account's wallets holds anything: balance, earnest, deposit or a refund owed. */
export async function holdsMoney(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('wallets')
    .select('id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.or([
        eb('balance', '!=', 0),
        eb('earnest_balance', '!=', 0),
        eb('deposit_balance', '!=', 0),
        eb('refund_amount', '!=', 0),
      ]),
    )
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a label of the account is being bought or cancelled. */
export async function hasLabelInFlight(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', 'in', [ORDER_STATUS.placing, ORDER_STATUS.cancelling])
    .executeTakeFirst();
  return row !== undefined;
}
