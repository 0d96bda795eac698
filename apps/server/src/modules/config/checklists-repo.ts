/**
 * What the first-run checklists read (checklists.ts): whether each step's work exists, from the tables it
 * lives in (other owners' tables, read only).
 */
import { ENABLED_STATUS, FUND_TYPE } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';

/** An enabled channel that is not a demo one, if any. */
export function firstRealChannel(db: Db) {
  return db
    .selectFrom('channels')
    .select('id')
    .where('is_demo', '=', 0)
    .where('status', '=', ENABLED_STATUS.enabled)
    .limit(1)
    .executeTakeFirst();
}

/** The merchant's default sender address, if any. */
export function defaultSenderOf(db: Db, userId: number) {
  return db
    .selectFrom('address_book')
    .select('id')
    .where('user_id', '=', userId)
    .where('is_default_sender', '=', 1)
    .limit(1)
    .executeTakeFirst();
}

/** A credit of the merchant's wallet, if any: a top-up approved, or funds staff put in the wallet. */
export function firstCredit(db: Db, userId: number) {
  return db
    .selectFrom('balance_logs')
    .select('id')
    .where('user_id', '=', userId)
    .where('type', 'in', [FUND_TYPE.recharge, FUND_TYPE.adjustment])
    .where('amount', '>', 0)
    .limit(1)
    .executeTakeFirst();
}

/** One of the merchant's orders with a label bought, if any. */
export function firstLabelledOrder(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('label_created_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
}
