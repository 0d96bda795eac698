/**
 * Insurance claims (issue 28, docs/api.md "Claims"): a merchant files a claim on an insured order within the
 * type's window; staff review it, decide it and pay it. The payout is one ledger row tied to the claim (plus
 * a lost parcel's postage), written in the transaction that marks the claim paid, so it is paid once however
 * many ask at once. State changes go through transitions.ts.
 */
import {
  CLAIM_REFUNDS_POSTAGE,
  CLAIM_TYPES,
  type ClaimStatus,
  type ClaimType,
  claimPayout,
  claimWindow,
  FUND_TYPE,
  formatCents,
  type Locale,
  ORDER_STATUS,
} from '@parcelport/shared';
import type {
  ClaimListQuery,
  ClaimView,
  decideClaimBody,
  fileClaimBody,
} from '@parcelport/shared/contracts/claims/schemas';
import type { z } from 'zod';
import { type Auth, inModeOf } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { translate } from '../../i18n/messages.ts';
import { findAttachment } from '../attachments/index.ts';
import { applyMovements, type Movement } from '../funds/index.ts';
import { actorOf, findOrder, type OrderRow } from '../orders/index.ts';
import { insertWorkOrder, newTicketNo } from '../work-orders/index.ts';
import {
  attachFiles,
  blockingTypesOf,
  type ClaimViewRow,
  filesOf,
  findClaim,
  insertClaim,
  listClaimRows,
  setWorkOrder,
  storedClaim,
  trackingTimesOf,
} from './repo.ts';
import { claimChanged, moveClaim } from './transitions.ts';

type FileClaimBody = z.output<typeof fileClaimBody>;
type DecideClaimBody = z.output<typeof decideClaimBody>;

const S = ORDER_STATUS;

function viewOf(row: ClaimViewRow, files: { id: number; name: string; mime: string }[]): ClaimView {
  const money = (cents: number | null) => (cents === null ? null : formatCents(Number(cents)));
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    orderNo: row.order_no,
    trackingNo: row.tracking_no,
    user: { id: Number(row.user_id), username: row.username },
    type: row.type as ClaimType,
    status: row.status as ClaimStatus,
    insuredValue: formatCents(Number(row.insurance_cents)),
    amount: formatCents(Number(row.amount)),
    approvedAmount: money(row.approved_amount),
    payout: money(row.payout),
    postageRefund: money(row.postage_refund),
    description: row.description,
    reason: row.reason,
    files: files.map((file) => ({ ...file, url: `/api/app/attachment/${file.id}` })),
    workOrderId: row.work_order_id === null ? null : Number(row.work_order_id),
    ticketNo: row.ticket_no ?? null,
    createdAt: isoTime(Number(row.created_at)) as string,
    decidedAt: isoTime(row.decided_at === null ? null : Number(row.decided_at)),
    paidAt: isoTime(row.paid_at === null ? null : Number(row.paid_at)),
  };
}

export async function claimDetail(db: Db, scope: Scope, id: number): Promise<ClaimView> {
  const row = await findClaim(db, scope, id);
  if (!row) throw notFound('claimNotFound');
  const files = await filesOf(db, [Number(row.id)]);
  return viewOf(row, files.get(Number(row.id)) ?? []);
}

export async function listClaims(db: Db, scope: Scope, query: ClaimListQuery, side: 'merchant' | 'staff') {
  const { rows, total } = await listClaimRows(db, scope, query, side === 'staff');
  const files = await filesOf(
    db,
    rows.map((row) => Number(row.id)),
  );
  return {
    list: rows.map((row) => viewOf(row, files.get(Number(row.id)) ?? [])),
    total,
    page: query.page,
    pageSize: query.pageSize,
  };
}

type Blocked = 'notInsured' | 'wrongState' | 'notYetOpen' | 'closed' | 'alreadyClaimed';

/** Each claim type's window on the order now, and what (if anything) keeps it from being filed. */
async function windowsOf(db: Db, order: OrderRow, now: number) {
  const times = await trackingTimesOf(db, order.id);
  const blocking = await blockingTypesOf(db, order.id);
  const labelCreatedAt = Number(order.label_created_at ?? order.created_at);
  const insured = order.is_test !== 1 && Number(order.insurance_cents) > 0;
  return CLAIM_TYPES.map((type) => {
    const window = claimWindow(type, {
      labelCreatedAt,
      lastScanAt: times.lastScanAt ?? labelCreatedAt,
      deliveredAt: times.deliveredAt,
      delivered: order.status === S.delivered,
      // Lost: the carrier has had it (scanned in transit) and it never arrived.
      onItsWay: order.status === S.inTransit,
    });
    let blockedBy: Blocked | null = null;
    if (!insured) blockedBy = 'notInsured';
    else if (!window) blockedBy = 'wrongState';
    else if (now < window.opensAt) blockedBy = 'notYetOpen';
    else if (now > window.closesAt) blockedBy = 'closed';
    else if (blocking.has(type)) blockedBy = 'alreadyClaimed';
    return { type, window, blockedBy };
  });
}

/**
 * The merchant's own order, of the caller's mode: a test key's test orders, a live key's live ones (404 for any
 * other, as for another merchant's), so a test key never claims live money.
 */
async function ownOrderOf(db: Db, auth: Auth, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId, auth.userId);
  if (!order || !inModeOf(auth, order.is_test === 1)) throw notFound('orderNotFound');
  return order;
}

/** What may be claimed on one of the merchant's orders, for the claim form. */
export async function claimOptions(db: Db, auth: Auth, orderId: number) {
  const order = await ownOrderOf(db, auth, orderId);
  const windows = await windowsOf(db, order, Date.now());
  return {
    orderId: order.id,
    insuredValue: formatCents(Number(order.insurance_cents)),
    types: windows.map(({ type, window, blockedBy }) => ({
      type,
      open: blockedBy === null,
      opensAt: window ? isoTime(window.opensAt) : null,
      closesAt: window ? isoTime(window.closesAt) : null,
      blockedBy,
      postageRefunded: CLAIM_REFUNDS_POSTAGE[type],
    })),
  };
}

const BLOCKED_ERROR: Record<Blocked, () => AppError> = {
  notInsured: () => new AppError(422, 'claimNotInsured'),
  wrongState: () => new AppError(422, 'claimWrongState'),
  notYetOpen: () => new AppError(422, 'claimNotYetOpen'),
  closed: () => new AppError(422, 'claimWindowClosed'),
  alreadyClaimed: () => new AppError(409, 'claimAlreadyOpen'),
};

/**
 * Files a claim on the merchant's own insured order: the amount at most the insured value, the type's window
 * open, the files the merchant's own uploads, no other claim of the type standing (the unique open key
 * decides between two filed at once). Opens a claim work order on the order with the description.
 */
export async function fileClaim(db: Db, auth: Auth, input: FileClaimBody, locale: Locale): Promise<ClaimView> {
  const order = await ownOrderOf(db, auth, input.orderId);
  const windows = await windowsOf(db, order, Date.now());
  const chosen = windows.find((w) => w.type === input.type);
  if (chosen?.blockedBy === 'notInsured') throw BLOCKED_ERROR.notInsured();
  if (input.amount > Number(order.insurance_cents)) throw invalidFields({ amount: 'claimOverInsured' });
  if (chosen?.blockedBy) throw BLOCKED_ERROR[chosen.blockedBy]();
  for (const id of input.attachmentIds) {
    const file = await findAttachment(db, id);
    if (file?.user_id !== auth.userId) throw invalidFields({ attachmentIds: 'attachmentNotFound' });
  }
  const actor = actorOf(auth);
  let claimId: number;
  try {
    claimId = await db.transaction().execute(async (trx) => {
      const id = await insertClaim(trx, {
        userId: auth.userId,
        orderId: order.id,
        type: input.type,
        amount: input.amount,
        description: input.description,
      });
      await attachFiles(trx, id, input.attachmentIds);
      const typeName = translate(`claimType_${input.type}`, locale);
      const { id: workOrderId } = await insertWorkOrder(trx, {
        ticketNo: await newTicketNo(trx),
        userId: auth.userId,
        type: 'claim',
        subject: translate('claimSubject', locale, { orderNo: order.order_no, type: typeName }).slice(0, 120),
        description: translate('claimWorkOrderBody', locale, {
          type: typeName,
          amount: formatCents(input.amount),
          description: input.description,
        }),
        orderId: order.id,
        attachmentId: input.attachmentIds[0] ?? null,
      });
      await setWorkOrder(trx, id, workOrderId);
      const claim = await storedClaim(trx, id);
      await claimChanged(trx, { claim, orderNo: order.order_no, actorId: actor, locale });
      return id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw BLOCKED_ERROR.alreadyClaimed();
    throw error;
  }
  return claimDetail(db, { userId: auth.userId }, claimId);
}

const stateError = () => new AppError(409, 'claimStateInvalid');

async function claimInScope(db: Db, scope: Scope, id: number) {
  const row = await findClaim(db, scope, id);
  if (!row) throw notFound('claimNotFound');
  return row;
}

/** Staff take a submitted claim into review. */
export async function reviewClaim(db: Db, auth: Auth, scope: Scope, id: number, locale: Locale) {
  const row = await claimInScope(db, scope, id);
  await db.transaction().execute(async (trx) => {
    const moved = await moveClaim(trx, {
      id: row.id,
      from: ['submitted'],
      to: 'inReview',
      orderNo: row.order_no,
      actorId: actorOf(auth),
      locale,
    });
    if (!moved) throw stateError();
  });
  return claimDetail(db, scope, id);
}

/**
 * Staff decide a claim in review: approved for what was claimed, partly approved for a lower amount, or
 * rejected with a reason (which frees the order and type for a new claim). The payout an approval will
 * credit (the amount less the 10% deduction) is fixed here and shown before paying.
 */
export async function decideClaim(
  db: Db,
  auth: Auth,
  scope: Scope,
  id: number,
  input: DecideClaimBody,
  locale: Locale,
) {
  const row = await claimInScope(db, scope, id);
  const now = Date.now();
  const actor = actorOf(auth);
  let to: ClaimStatus;
  let changes: Parameters<typeof moveClaim>[1]['changes'];
  if (input.decision === 'reject') {
    to = 'rejected';
    changes = { reason: input.reason, open_key: null, decided_by: actor, decided_at: now };
  } else {
    const approved = input.decision === 'approve' ? Number(row.amount) : input.amount;
    if (approved >= Number(row.amount) && input.decision === 'partlyApprove')
      throw invalidFields({ amount: 'claimPartNotLower' });
    to = input.decision === 'approve' ? 'approved' : 'partlyApproved';
    changes = { approved_amount: approved, payout: claimPayout(approved), decided_by: actor, decided_at: now };
  }
  await db.transaction().execute(async (trx) => {
    const moved = await moveClaim(trx, {
      id: row.id,
      from: ['inReview'],
      to,
      changes,
      orderNo: row.order_no,
      actorId: actor,
      locale,
    });
    if (!moved) throw stateError();
  });
  return claimDetail(db, scope, id);
}

/**
 * Pays an approved claim: the claim is marked paid by a conditional update, and in the same transaction the
 * payout is credited (one claim-payout ledger row tied to the claim) with, for a lost parcel, the label's
 * postage (one refund row tied to the claim; CLAIM_REFUNDS_POSTAGE). A second pay, or one racing this one,
 * finds the claim no longer approved and is refused: the wallet is credited once.
 */
export async function payClaim(db: Db, auth: Auth, scope: Scope, id: number, locale: Locale) {
  const row = await claimInScope(db, scope, id);
  const order = await findOrder(db, Number(row.order_id));
  if (!order) throw notFound('orderNotFound');
  const actor = actorOf(auth);
  const type = row.type as ClaimType;
  // The postage a lost parcel gives back: the label's price, unless the order was refunded already.
  const postage = CLAIM_REFUNDS_POSTAGE[type] && order.refunded_at === null ? Number(order.rate ?? 0) : 0;
  await db.transaction().execute(async (trx) => {
    const paid = await moveClaim(trx, {
      id: row.id,
      from: ['approved', 'partlyApproved'],
      to: 'paid',
      changes: { paid_by: actor, paid_at: Date.now(), postage_refund: postage },
      orderNo: row.order_no,
      actorId: actor,
      locale,
    });
    if (!paid) throw stateError();
    const reference = { type: 'claim', id: Number(row.id), no: row.order_no };
    const movements: Movement[] = [
      {
        userId: Number(row.user_id),
        currency: 'USD',
        type: FUND_TYPE.claimPayout,
        amount: Number(paid.payout ?? 0),
        reference,
        actorId: actor,
      },
    ];
    if (postage > 0)
      movements.push({
        userId: Number(row.user_id),
        currency: 'USD',
        type: FUND_TYPE.refund,
        amount: postage,
        reference,
        actorId: actor,
      });
    await applyMovements(
      trx,
      movements.filter((movement) => movement.amount > 0),
    );
  });
  return claimDetail(db, scope, id);
}
