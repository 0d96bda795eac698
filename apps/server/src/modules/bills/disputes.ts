import { FUND_TYPE, formatCents, type Locale, WORK_ORDER_STATUS } from '@parcelport/shared';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { translate } from '../../i18n/messages.ts';
import { applyMovement, LEDGER_REMARK, spendableOf } from '../funds/index.ts';
import { notifyUser } from '../messages/index.ts';
import { actorOf } from '../orders/index.ts';
import { addReply, insertWorkOrder, moveWorkOrder, newTicketNo } from '../work-orders/index.ts';
import { lineById } from './line-views-repo.ts';
import { claimDispute, owingLines, setLineWorkOrder, settleOpenDispute, takeOwed } from './lines-repo.ts';

const oz = (value: number | null) => (value === null ? '—' : `${value} oz`);

/**
 * A merchant disputes a posted line that charged them: a billing work order is opened with the line's
 * evidence, and the line waits for staff. Only the line's own merchant, once, while nothing was decided.
 */
export async function openDispute(db: Db, auth: Auth, lineId: number, reason: string, locale: Locale) {
  const line = await lineById(db, lineId).catch(() => null);
  if (!line || line.userId !== auth.userId) throw notFound();
  const charged = Number(line.merchantChange ?? 0) > 0 || Number(line.penalty ?? 0) > 0;
  if (line.postedAt === null || !charged || line.dispute !== 'none') throw new AppError(409, 'billLineNotDisputable');
  const evidence = translate('billDisputeEvidence', locale, {
    trackingNo: line.trackingNo,
    declared: `${oz(line.declaredOz)}, ${line.declaredSize || '—'}, zone ${line.declaredZone ?? '—'}`,
    billed: `${oz(line.billedOz)}, ${line.billedSize || '—'}, zone ${line.billedZone || '—'}`,
    charged: line.merchantChange ?? '0.00',
    penalty: line.penalty ?? '0.00',
    reason: line.reason || '—',
  });
  await db.transaction().execute(async (trx) => {
    if (!(await claimDispute(trx, lineId, reason))) throw new AppError(409, 'billLineNotDisputable');
    const { id } = await insertWorkOrder(trx, {
      ticketNo: await newTicketNo(trx),
      userId: auth.userId,
      type: 'billing',
      subject: translate('billDisputeSubject', locale, { trackingNo: line.trackingNo }).slice(0, 100),
      description: `${reason}\n\n${evidence}`,
      orderId: line.orderId,
      attachmentId: null,
    });
    await setLineWorkOrder(trx, lineId, id);
  });
  return lineById(db, lineId);
}

/**
 * Staff decide an open dispute. Accepted: what the line took from the wallet is given back in one refund
 * row and what it left owed is forgiven. Rejected: nothing moves. Either way the answer goes on the work
 * order, which is closed, and the merchant is told.
 */
export async function settleDispute(db: Db, auth: Auth, lineId: number, accept: boolean, answer: string) {
  const line = await lineById(db, lineId);
  if (line.dispute !== 'open' || line.userId === null) throw new AppError(409, 'disputeNotOpen');
  const userId = line.userId;
  const actor = actorOf(auth);
  await db.transaction().execute(async (trx) => {
    const claimed = await settleOpenDispute(trx, lineId, {
      dispute: accept ? 'accepted' : 'rejected',
      dispute_answer: answer,
      settled_by: actor,
      settled_at: Date.now(),
      ...(accept ? { owed: 0 } : {}),
    });
    if (!claimed) throw new AppError(409, 'disputeNotOpen');
    const taken = Number(claimed.taken ?? 0);
    if (accept && taken > 0)
      await applyMovement(trx, {
        userId,
        currency: 'USD',
        type: FUND_TYPE.refund,
        amount: taken,
        reference: { type: 'carrierBill', id: line.billId, no: line.orderNo ?? line.trackingNo },
        actorId: actor,
        remark: LEDGER_REMARK.disputeAccepted,
      });
    if (line.workOrderId !== null) {
      const content = answer || (accept ? 'accepted' : 'rejected');
      await addReply(
        trx,
        { workOrderId: line.workOrderId, authorId: actor, side: 'service', content, attachmentId: null },
        WORK_ORDER_STATUS.processing,
      );
      await moveWorkOrder(trx, line.workOrderId, [WORK_ORDER_STATUS.processing], WORK_ORDER_STATUS.closed);
    }
    await notifyUser(trx, userId, {
      type: 'notice',
      aboutMoney: true,
      title: accept ? 'msgBillDisputeAcceptedTitle' : 'msgBillDisputeRejectedTitle',
      content: accept ? 'msgBillDisputeAcceptedBody' : 'msgBillDisputeRejectedBody',
      params: { trackingNo: line.trackingNo, amount: formatCents(taken), answer: answer || '—' },
    });
  });
  return lineById(db, lineId);
}

/**
 * Takes what a merchant owes from bills out of the wallet, oldest line first, down to the credit limit (after
 * a top-up): each part one bill deduction row, the line's taken and owed moved with it.
 */
export async function collectOwed(db: Db, userId: number, actorId: number | null): Promise<number> {
  const lines = await owingLines(db, userId);
  let collected = 0;
  for (const line of lines) {
    const take = Math.min(Number(line.owed), Math.max(0, await spendableOf(db, userId, 'USD')));
    if (take === 0) break;
    if (!(await takeOwed(db, line.id, take))) continue;
    await applyMovement(db, {
      userId,
      currency: 'USD',
      type: FUND_TYPE.billDeduction,
      amount: -take,
      reference: { type: 'carrierBill', id: line.bill_id, no: line.tracking_no },
      actorId,
      remark: LEDGER_REMARK.owedFromBill,
    });
    collected += take;
  }
  return collected;
}
