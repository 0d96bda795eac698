import type { FundType, WalletCurrency } from '@parcelport/shared';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { doubtfulOrderRows, doubtfulWalletRows, insertLedgerRows, moveWallet } from './ledger-repo.ts';

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
  const wallet = await moveWallet(
    db,
    first,
    { amount: sum(amount), earnest: sum(earnest), deposit: sum(deposit) },
    { balance: balanceNeeded, earnest: earnestNeeded, deposit: depositNeeded },
    now,
  );
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
  const ids = (await insertLedgerRows(db, rows)).map((log) => log.id).sort((a, b) => a - b);
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
  const rows = await doubtfulWalletRows(db);
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
  const rows = await doubtfulOrderRows(db);
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
