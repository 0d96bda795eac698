import { FUND_TYPE, formatCents, RECHARGE_STATUS, type WalletCurrency } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { accountInScope } from '../../scope/accounts.ts';
import { notifyUser } from '../messages/index.ts';
import { applyMovement } from './ledger.ts';
import { writeCreditLimit } from './ledger-repo.ts';
import {
  attachmentOf,
  fetchRecharges,
  insertRecharge,
  type RechargeFilter,
  type RechargeRow,
  rechargeCount,
  rechargeExists,
  rechargeInScope,
  reviewPendingRecharge,
} from './recharges-repo.ts';

export interface RechargeInput {
  currency: WalletCurrency;
  paymentMethod: string;
  amount: number;
  voucherId?: number | undefined;
  remark: string;
}

/** A customer's top-up request, pending until staff review it. */
export async function submitRecharge(ctx: AppContext, auth: Auth, input: RechargeInput): Promise<number> {
  if (input.voucherId !== undefined) {
    const voucher = await attachmentOf(ctx.db, auth.userId, input.voucherId);
    if (!voucher) throw invalidFields({ voucherId: 'voucherNotFound' });
  }
  return insertRecharge(ctx.db, {
    user_id: auth.userId,
    currency: input.currency,
    payment_method: input.paymentMethod,
    forecast_amount: input.amount,
    voucher_id: input.voucherId ?? null,
    remark: input.remark,
    submitted_at: Date.now(),
  });
}

export async function listRecharges(ctx: AppContext, filter: RechargeFilter, page: number, pageSize: number) {
  const [rows, count] = await Promise.all([
    fetchRecharges(ctx.db, filter, pageSize, (page - 1) * pageSize),
    rechargeCount(ctx.db, filter),
  ]);
  return { list: rows.map(rechargeView), total: Number(count.total), page, pageSize };
}

export function rechargeView(row: RechargeRow) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    id: row.id,
    userId: row.user_id,
    username: row.username,
    currency: row.currency,
    paymentMethod: row.payment_method,
    forecastAmount: formatCents(row.forecast_amount),
    actualAmount: row.actual_amount === null ? null : formatCents(row.actual_amount),
    voucherUrl: row.voucher_id === null ? null : `/api/app/attachment/${row.voucher_id}`,
    status: row.status,
    remark: row.remark,
    auditRemark: row.audit_remark,
    submittedAt: iso(row.submitted_at) as string,
    arrivedAt: iso(row.arrived_at),
    auditedAt: iso(row.audited_at),
  };
}

export type Review =
  | { id: number; approve: true; actualAmount: number; remark: string }
  | { id: number; approve: false; reason: string };

/**
 * Approves (crediting the actual amount once) or rejects a pending recharge. The status change is a
 * conditional update, so a second review of the same record, even at the same moment, is refused.
 */
export async function reviewRecharge(ctx: AppContext, auth: Auth, scope: Scope, review: Review): Promise<void> {
  const recharge = await rechargeInScope(ctx.db, review.id, scope);
  if (!recharge) throw notFound('rechargeNotFound');
  await ctx.db.transaction().execute(async (trx) => {
    const now = Date.now();
    const updated = await reviewPendingRecharge(
      trx,
      review.id,
      review.approve
        ? {
            status: RECHARGE_STATUS.approved,
            actual_amount: review.actualAmount,
            audit_remark: review.remark,
            arrived_at: now,
          }
        : { status: RECHARGE_STATUS.rejected, audit_remark: review.reason },
      { auditor_id: auth.actorId ?? auth.userId, audited_at: now },
    );
    if (!updated) {
      const exists = await rechargeExists(trx, review.id);
      throw exists ? new AppError(409, 'rechargeAlreadyReviewed') : notFound('rechargeNotFound');
    }
    if (review.approve) {
      await applyMovement(trx, {
        userId: updated.user_id,
        currency: updated.currency as WalletCurrency,
        type: FUND_TYPE.recharge,
        amount: review.actualAmount,
        reference: { type: 'recharge', id: review.id, no: String(review.id) },
        actorId: auth.actorId ?? auth.userId,
        remark: review.remark,
      });
      // Told in this transaction: carrier bills' owed amounts are collected from it (modules/bills).
      const topUp = { userId: updated.user_id, currency: updated.currency, actorId: auth.actorId ?? auth.userId };
      for (const listener of ctx.hooks.topUp) await listener(trx, topUp);
    }
    await notifyUser(
      trx,
      updated.user_id,
      review.approve
        ? {
            type: 'notice',
            aboutMoney: true,
            title: 'msgRechargeApprovedTitle',
            content: 'msgRechargeApprovedBody',
            params: { id: review.id, amount: formatCents(review.actualAmount), currency: updated.currency },
          }
        : {
            type: 'notice',
            aboutMoney: true,
            title: 'msgRechargeRejectedTitle',
            content: 'msgRechargeRejectedBody',
            params: { id: review.id, reason: review.reason },
          },
    );
  });
}

/** Staff never move money into their own wallet nor lend to themselves: another must (separation of duties). */
function refuseOwnAccount(auth: Auth, userId: number): void {
  if (userId === (auth.actorId ?? auth.userId)) throw new AppError(403, 'ownFundsRefused');
}

/** Finance credits or debits a customer directly (customerRecharge), with a mandatory remark. */
export async function adjustBalance(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  input: { userId: number; currency: WalletCurrency; amount: number; remark: string },
) {
  refuseOwnAccount(auth, input.userId);
  return ctx.db.transaction().execute(async (trx) => {
    await accountInScope(trx, scope, input.userId);
    const result = await applyMovement(trx, {
      userId: input.userId,
      currency: input.currency,
      type: FUND_TYPE.adjustment,
      amount: input.amount,
      reference: { type: 'adjustment', id: input.userId },
      actorId: auth.actorId ?? auth.userId,
      remark: input.remark,
    });
    await notifyUser(trx, input.userId, {
      type: 'notice',
      aboutMoney: true,
      title: 'msgAdjustmentTitle',
      content: 'msgAdjustmentBody',
      params: { currency: input.currency, amount: formatCents(input.amount), remark: input.remark },
    });
    return result;
  });
}

export async function setCreditLimit(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  userId: number,
  currency: WalletCurrency,
  creditLimit: number,
) {
  refuseOwnAccount(auth, userId);
  await accountInScope(ctx.db, scope, userId);
  if (!(await writeCreditLimit(ctx.db, userId, currency, creditLimit))) throw notFound('userNotFound');
}
