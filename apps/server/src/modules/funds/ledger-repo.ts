/**
 * The ledger's SQL (tables wallets and balance_logs): the only statements that write them. A balance moves
 * only through ledger.ts `applyMovements` (its conditional UPDATE and its ledger rows here); a wallet is opened
 * and its credit limit set here too.
 */
import { LABEL_PAID_STATUSES, WALLETS, type WalletCurrency } from '@parcelport/shared';
import { type Expression, type ExpressionBuilder, type Insertable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { BalanceLogsTable, Database } from '../../db/schema.ts';
import { asBigint } from '../../db/typed.ts';

type WalletEb = ExpressionBuilder<Database, 'wallets'>;

/** `column + delta`, with the delta cast so PostgreSQL adds bigints, not text. */
function plus(
  eb: WalletEb,
  column: 'balance' | 'earnest_balance' | 'deposit_balance',
  delta: number,
): Expression<number> {
  return eb(column, '+', asBigint(delta));
}

/** An account's wallets, USD first. */
export async function walletsOf(db: Db, userId: number) {
  return db.selectFrom('wallets').selectAll().where('user_id', '=', userId).orderBy('currency', 'desc').execute();
}

/** What a wallet can still pay: its balance down to minus its credit limit (0 or less: nothing). */
export async function spendableOf(db: Db, userId: number, currency: WalletCurrency): Promise<number> {
  const wallet = await db
    .selectFrom('wallets')
    .select(['balance', 'credit_limit'])
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return Number(wallet.balance) + Number(wallet.credit_limit);
}

/** Opens a new account's wallets, one per currency, empty (in the caller's transaction). */
export async function openWallets(db: Db, userId: number): Promise<void> {
  const now = Date.now();
  await db
    .insertInto('wallets')
    .values(WALLETS.map((currency) => ({ user_id: userId, currency, updated_at: now })))
    .execute();
}

/**
 * Moves one wallet by the deltas in one conditional UPDATE: refused (nothing answered) when the balance would
 * go below minus the credit limit before `needs.balance`, or the earnest or deposit below what they need.
 * Answers the wallet's balances after.
 */
export function moveWallet(
  db: Db,
  wallet: { userId: number; currency: WalletCurrency },
  deltas: { amount: number; earnest: number; deposit: number },
  needs: { balance: number; earnest: number; deposit: number },
  now: number,
) {
  return db
    .updateTable('wallets')
    .set((eb) => ({
      balance: plus(eb, 'balance', deltas.amount),
      earnest_balance: plus(eb, 'earnest_balance', deltas.earnest),
      deposit_balance: plus(eb, 'deposit_balance', deltas.deposit),
      updated_at: now,
    }))
    .where('user_id', '=', wallet.userId)
    .where('currency', '=', wallet.currency)
    .$if(needs.balance > 0, (qb) =>
      qb.where((eb) => eb(eb('balance', '+', eb.ref('credit_limit')), '>=', asBigint(needs.balance))),
    )
    .$if(needs.earnest > 0, (qb) => qb.where('earnest_balance', '>=', needs.earnest))
    .$if(needs.deposit > 0, (qb) => qb.where('deposit_balance', '>=', needs.deposit))
    .returning(['balance', 'earnest_balance', 'deposit_balance'])
    .executeTakeFirst();
}

/** Adds ledger rows; answers their ids (RETURNING promises no order). */
export function insertLedgerRows(db: Db, rows: Insertable<BalanceLogsTable>[]) {
  return db.insertInto('balance_logs').values(rows).returning('id').execute();
}

/** The wallets whose components differ from the sums of their ledger deltas, with the sums. */
export function doubtfulWalletRows(db: Db) {
  return db
    .selectFrom('wallets')
    .innerJoin('users', 'users.id', 'wallets.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('balance_logs')
          .select((b) => [
            'user_id',
            'currency',
            b.fn.sum<number>('amount').as('amount_sum'),
            b.fn.sum<number>('earnest_amount').as('earnest_sum'),
            b.fn.sum<number>('deposit_amount').as('deposit_sum'),
          ])
          .groupBy(['user_id', 'currency'])
          .as('sums'),
      (join) => join.onRef('sums.user_id', '=', 'wallets.user_id').onRef('sums.currency', '=', 'wallets.currency'),
    )
    .select([
      'wallets.user_id',
      'users.username',
      'wallets.currency',
      'wallets.balance',
      'wallets.earnest_balance',
      'wallets.deposit_balance',
      'sums.amount_sum',
      'sums.earnest_sum',
      'sums.deposit_sum',
    ])
    .where((eb) =>
      eb.or([
        eb('wallets.balance', '!=', eb.fn.coalesce('sums.amount_sum', sql<number>`0`)),
        eb('wallets.earnest_balance', '!=', eb.fn.coalesce('sums.earnest_sum', sql<number>`0`)),
        eb('wallets.deposit_balance', '!=', eb.fn.coalesce('sums.deposit_sum', sql<number>`0`)),
      ]),
    )
    .orderBy('wallets.user_id')
    .execute();
}

/** The orders (but those being bought or billed) whose ledger rows do not add up to what they were charged. */
export function doubtfulOrderRows(db: Db) {
  const paid = sql.join(LABEL_PAID_STATUSES.map((status) => sql.lit(status)));
  const frozen = sql<number>`case when orders.status in (${paid}) and orders.refunded_at is null and orders.earnest_released_at is null then orders.earnest else 0 end`;
  // Freezing the earnest takes it from the available balance too (`{ amount: -x, earnest: +x }`), so an
  // order's available-balance rows add up to its price, insurance and whatever earnest is still frozen.
  const charged = sql<number>`case when orders.status in (${paid}) and orders.refunded_at is null then -(coalesce(orders.rate, 0) + orders.insurance_fee) else 0 end - ${frozen}`;
  return db
    .selectFrom('orders')
    .leftJoin('balance_logs', (join) =>
      join.onRef('balance_logs.reference_id', '=', 'orders.id').on('balance_logs.reference_type', '=', 'order'),
    )
    .select((eb) => [
      'orders.id',
      'orders.order_no',
      'orders.user_id',
      'orders.status',
      eb.fn.coalesce(eb.fn.sum<number>('balance_logs.amount'), sql<number>`0`).as('net'),
      eb.fn.coalesce(eb.fn.sum<number>('balance_logs.earnest_amount'), sql<number>`0`).as('earnest_net'),
      charged.as('expected'),
      frozen.as('expected_earnest'),
    ])
    .where('orders.status', '!=', 17)
    .where('orders.billed_at', 'is', null)
    .groupBy([
      'orders.id',
      'orders.order_no',
      'orders.user_id',
      'orders.status',
      'orders.rate',
      'orders.insurance_fee',
      'orders.refunded_at',
      'orders.earnest',
      'orders.earnest_released_at',
    ])
    .having((eb) =>
      eb.or([
        eb(eb.fn.coalesce(eb.fn.sum<number>('balance_logs.amount'), sql<number>`0`), '!=', charged),
        eb(eb.fn.coalesce(eb.fn.sum<number>('balance_logs.earnest_amount'), sql<number>`0`), '!=', frozen),
      ]),
    )
    .orderBy('orders.id')
    .limit(1000)
    .execute();
}

/** Sets a wallet's credit limit (in the caller's transaction); false when the account has no such wallet. */
export async function writeCreditLimit(
  db: Db,
  userId: number,
  currency: WalletCurrency,
  creditLimit: number,
): Promise<boolean> {
  const result = await db
    .updateTable('wallets')
    .set({ credit_limit: creditLimit, updated_at: Date.now() })
    .where('user_id', '=', userId)
    .where('currency', '=', currency)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
