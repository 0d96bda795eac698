import { type FundType, LABEL_PAID_STATUSES, WALLETS, type WalletCurrency } from '@parcelport/shared';
import { type Expression, type ExpressionBuilder, sql } from 'kysely';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';

/**
 * One change of a wallet. `amount` moves the available balance, `earnest` the temporary deposit and
 * `deposit` the assurance deposit; freezing an earnest is `{ amount: -x, earnest: +x }`.
 */
export interface Movement {
  userId: number;
  currency: WalletCurrency;
  type: FundType;
  amount: number;
  earnest?: number;
  deposit?: number;
  reference?: { type: string; id: number; no?: string };
  actorId: number | null;
  remark?: string;
  /**
   * For money the merchant owes whatever the balance (a carrier's bill, a penalty): the available balance
   * may then go below minus the credit limit. Never for purchases.
   */
  owed?: boolean;
}

export interface MovementResult {
  logId: number;
  balanceAfter: number;
  earnestAfter: number;
  depositAfter: number;
}

type WalletEb = ExpressionBuilder<Database, 'wallets'>;

/** `column + delta`, with the delta cast so PostgreSQL adds bigints, not text. */
function plus(
  eb: WalletEb,
  column: 'balance' | 'earnest_balance' | 'deposit_balance',
  delta: number,
): Expression<number> {
  return eb(column, '+', sql<number>`cast(${delta} as bigint)`);
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
 * The only way a balance changes (docs/design.md §5): one conditional update of the wallet and one ledger row, in
 * the caller's transaction. The condition sits in the UPDATE itself, never a read-then-write, so concurrent
 * charges from any number of app instances cannot take the balance below minus the credit limit, nor an
 * earnest or deposit below zero.
 */
export async function applyMovement(db: Db, movement: Movement): Promise<MovementResult> {
  return (await applyMovements(db, [movement]))[0] as MovementResult;
}

/** What the movements, applied in order, need the wallet to hold first (0 when they need nothing). */
function needed(
  movements: readonly Movement[],
  delta: (movement: Movement) => number,
  checked: (m: Movement) => boolean,
) {
  let running = 0;
  let need = 0;
  for (const movement of movements) {
    running += delta(movement);
    if (delta(movement) < 0 && checked(movement)) need = Math.max(need, -running);
  }
  return need;
}

/**
 * Several movements of one wallet (a purchase's charge and its earnest) as one conditional UPDATE and one
 * INSERT of their ledger rows, one row each, with each row's balances as if applied one after the other.
 * The wallet row stays locked from the UPDATE to the commit: two statements instead of two per movement.
 */
export async function applyMovements(db: Db, movements: readonly Movement[]): Promise<MovementResult[]> {
  const [first] = movements;
  if (!first) return [];
  if (movements.some((m) => m.userId !== first.userId || m.currency !== first.currency)) {
    throw new RangeError('movements of one wallet only');
  }
  const amount = (m: Movement) => m.amount;
  const earnest = (m: Movement) => m.earnest ?? 0;
  const deposit = (m: Movement) => m.deposit ?? 0;
  const sum = (delta: (m: Movement) => number) => movements.reduce((total, m) => total + delta(m), 0);
  const balanceNeeded = needed(movements, amount, (m) => !m.owed);
  const earnestNeeded = needed(movements, earnest, () => true);
  const depositNeeded = needed(movements, deposit, () => true);
  const now = Date.now();
  const wallet = await db
    .updateTable('wallets')
    .set((eb) => ({
      balance: plus(eb, 'balance', sum(amount)),
      earnest_balance: plus(eb, 'earnest_balance', sum(earnest)),
      deposit_balance: plus(eb, 'deposit_balance', sum(deposit)),
      updated_at: now,
    }))
    .where('user_id', '=', first.userId)
    .where('currency', '=', first.currency)
    .$if(balanceNeeded > 0, (qb) =>
      qb.where((eb) =>
        eb(eb('balance', '+', eb.ref('credit_limit')), '>=', sql<number>`cast(${balanceNeeded} as bigint)`),
      ),
    )
    .$if(earnestNeeded > 0, (qb) => qb.where('earnest_balance', '>=', earnestNeeded))
    .$if(depositNeeded > 0, (qb) => qb.where('deposit_balance', '>=', depositNeeded))
    .returning(['balance', 'earnest_balance', 'deposit_balance'])
    .executeTakeFirst();
  if (!wallet) throw new AppError(422, 'insufficientFunds');

  // Each row's balances: the wallet's before the movements plus the movements up to and including it.
  const before = {
    balance: wallet.balance - sum(amount),
    earnest: wallet.earnest_balance - sum(earnest),
    deposit: wallet.deposit_balance - sum(deposit),
  };
  const rows = movements.map((movement) => {
    before.balance += amount(movement);
    before.earnest += earnest(movement);
    before.deposit += deposit(movement);
    return {
      user_id: movement.userId,
      currency: movement.currency,
      type: movement.type,
      amount: movement.amount,
      earnest_amount: earnest(movement),
      deposit_amount: deposit(movement),
      balance_after: before.balance,
      earnest_after: before.earnest,
      deposit_after: before.deposit,
      reference_type: movement.reference?.type ?? null,
      reference_id: movement.reference?.id ?? null,
      reference_no: movement.reference?.no ?? null,
      actor_id: movement.actorId,
      remark: movement.remark ?? '',
      created_at: now,
    };
  });
  // Ids rise in the order of the rows (RETURNING itself promises no order).
  const ids = (await db.insertInto('balance_logs').values(rows).returning('id').execute())
    .map((log) => log.id)
    .sort((a, b) => a - b);
  return rows.map((row, index) => ({
    logId: ids[index] as number,
    balanceAfter: row.balance_after,
    earnestAfter: row.earnest_after,
    depositAfter: row.deposit_after,
  }));
}

/**
 * Wallets whose ledger does not add up: for each wallet component, the sum of its ledger deltas must equal
 * the stored value (docs/spec.md §2 doubtfulOrderFlow). Empty when all is well.
 */
export async function findDoubtfulWallets(db: Db) {
  const rows = await db
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
  return rows.map((row) => ({
    userId: row.user_id,
    username: row.username,
    currency: row.currency,
    balance: row.balance,
    ledgerBalance: Number(row.amount_sum ?? 0),
    earnestBalance: row.earnest_balance,
    ledgerEarnest: Number(row.earnest_sum ?? 0),
    depositBalance: row.deposit_balance,
    ledgerDeposit: Number(row.deposit_sum ?? 0),
  }));
}

/**
 * Orders whose ledger rows do not add up to what the order says it was charged: a bought label not yet
 * refunded nets minus its price, insurance and still-frozen earnest on the available balance, and plus that
 * earnest on the earnest balance until it is released; anything else
 * (draft, cancelled, failed, voided, refunded) nets zero. Orders being bought (17) and orders settled by
 * a carrier bill (whose adjustment depends on the markup at billing time) are left out.
 */
export async function findDoubtfulOrders(db: Db) {
  const paid = sql.join(LABEL_PAID_STATUSES.map((status) => sql.lit(status)));
  const frozen = sql<number>`case when orders.status in (${paid}) and orders.refunded_at is null and orders.earnest_released_at is null then orders.earnest else 0 end`;
  // Freezing the earnest takes it from the available balance too (`{ amount: -x, earnest: +x }`), so an
  // order's available-balance rows add up to its price, insurance and whatever earnest is still frozen.
  const charged = sql<number>`case when orders.status in (${paid}) and orders.refunded_at is null then -(coalesce(orders.rate, 0) + orders.insurance_fee) else 0 end - ${frozen}`;
  const rows = await db
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
  return rows.map((row) => ({
    orderId: row.id,
    orderNo: row.order_no,
    userId: row.user_id,
    status: row.status,
    net: Number(row.net),
    expected: Number(row.expected),
    earnestNet: Number(row.earnest_net),
    expectedEarnest: Number(row.expected_earnest),
  }));
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
