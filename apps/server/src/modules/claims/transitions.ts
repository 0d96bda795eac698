/**
 * THE place a claim's state changes (issue 28). Every move after filing (→ inReview, approved,
 * partlyApproved, rejected, paid) goes through `moveClaim`, and filing (→ submitted, service.ts `fileClaim`)
 * calls `claimChanged` after its insert; both inside the transaction that makes the change. `claimChanged`
 * writes the work order's line (while the work order is open), the merchant's message and the `claim.updated`
 * webhook event, in the same transaction, so that an event exists exactly when a change was committed.
 */

import { type ClaimStatus, formatCents, type Locale, WORK_ORDER_STATUS } from '@parcelport/shared';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { InsuranceClaimsTable } from '../../db/schema.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { notifyUser } from '../messages/index.ts';
import { claimUpdated } from '../webhooks/index.ts';
import { addReply, moveWorkOrder } from '../work-orders/index.ts';
import { type ClaimRow, moveClaimRow } from './repo.ts';

/** What the merchant is told, per state reached after filing. */
const NOTICE: Partial<Record<ClaimStatus, { title: MessageKey; content: MessageKey }>> = {
  inReview: { title: 'msgClaimInReviewTitle', content: 'msgClaimInReviewBody' },
  approved: { title: 'msgClaimApprovedTitle', content: 'msgClaimApprovedBody' },
  partlyApproved: { title: 'msgClaimPartlyApprovedTitle', content: 'msgClaimPartlyApprovedBody' },
  rejected: { title: 'msgClaimRejectedTitle', content: 'msgClaimRejectedBody' },
  paid: { title: 'msgClaimPaidTitle', content: 'msgClaimPaidBody' },
};

/** The thread's line per state reached (the figures that came with it). */
const THREAD_LINE: Partial<Record<ClaimStatus, MessageKey>> = {
  approved: 'claimThreadDecided',
  partlyApproved: 'claimThreadDecided',
  rejected: 'claimThreadRejected',
  paid: 'claimThreadPaid',
};

/** The states after which the claim's work order has nothing left to follow. */
const FINAL: readonly ClaimStatus[] = ['rejected', 'paid'];

export interface ClaimChange {
  claim: ClaimRow;
  orderNo: string;
  /** Who made the change (the merchant filing, the staff member deciding). */
  actorId: number;
  /** The language the thread's line is written in (the caller's). */
  locale: Locale;
}

/** Figures of a claim for messages: what was claimed, approved, paid and the reason. */
function paramsOf(change: ClaimChange) {
  const { claim } = change;
  return {
    orderNo: change.orderNo,
    amount: formatCents(claim.amount),
    approved: formatCents(claim.approved_amount ?? 0),
    payout: formatCents((claim.payout ?? 0) + (claim.postage_refund ?? 0)),
    reason: claim.reason || '—',
  };
}

/**
 * Everything that follows a claim's change of state, in the transaction that made it: a line in the work
 * order's thread (closed once the claim is rejected or paid), the merchant's message and the `claim.updated`
 * webhook event built from the claim's new state.
 */
export async function claimChanged(db: Db, change: ClaimChange): Promise<void> {
  const { claim } = change;
  await claimUpdated(db, claim);
  const params = paramsOf(change);
  if (claim.work_order_id !== null && claim.status !== 'submitted') {
    const status = translate(`claimStatus_${claim.status}` as MessageKey, change.locale);
    const line = translate(THREAD_LINE[claim.status as ClaimStatus] ?? 'claimThreadStatus', change.locale, {
      ...params,
      status,
    });
    await addReply(
      db,
      {
        workOrderId: claim.work_order_id,
        authorId: change.actorId,
        side: 'service',
        content: line,
        attachmentId: null,
      },
      WORK_ORDER_STATUS.processing,
    );
    if (FINAL.includes(claim.status as ClaimStatus))
      await moveWorkOrder(db, claim.work_order_id, [WORK_ORDER_STATUS.processing], WORK_ORDER_STATUS.closed);
  }
  const notice = NOTICE[claim.status as ClaimStatus];
  if (notice) await notifyUser(db, claim.user_id, { type: 'notice', ...notice, params });
}

/**
 * Moves a claim from one of `from` to `to` (with the columns that go with the move) and runs what follows;
 * undefined, nothing written, when the claim was not in one of `from` (another caller moved it first).
 */
export async function moveClaim(
  db: Db,
  move: {
    id: number;
    from: readonly ClaimStatus[];
    to: ClaimStatus;
    changes?: Omit<Updateable<InsuranceClaimsTable>, 'id' | 'status'>;
    orderNo: string;
    actorId: number;
    locale: Locale;
  },
): Promise<ClaimRow | undefined> {
  const claim = await moveClaimRow(db, move.id, move.from, move.to, move.changes);
  if (!claim) return undefined;
  await claimChanged(db, { claim, orderNo: move.orderNo, actorId: move.actorId, locale: move.locale });
  return claim;
}
