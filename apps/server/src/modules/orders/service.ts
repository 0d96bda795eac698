/** The customer's actions on their orders: drafts saved and copied, cancellations asked for and withdrawn. */
import { type Locale, ORDER_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { ReadyDraft } from '../../declaration.ts';
import { actorOf, eachOrder, inCallersMode, ownOrder, stateError, testModeOf } from './actions.ts';
import { readyDrafts, tagArrived } from './drafts.ts';
import { clearParcelLabels, copyParcels, insertCopy, insertDraft, updateDraft } from './drafts-repo.ts';
import { addEvent } from './events-repo.ts';
import { newOrderNo } from './numbers.ts';
import { findOrder, findOrderInScope, parcelsOf, parseAddress, releaseHeld, transition } from './repo.ts';
import type { OrderInput } from './schemas.ts';
import { parcelView } from './views.ts';

const S = ORDER_STATUS;

/** Saves a new draft, or rewrites the user's draft (or failed order) when orderId is given. */
export async function saveDraft(
  ctx: AppContext,
  auth: Auth,
  input: OrderInput,
): Promise<{ orderId: number; orderNo: string }> {
  const draft = { ...input, isTest: testModeOf(auth, input.isTest) };
  return ctx.db.transaction().execute(async (trx) => {
    if (draft.orderId) {
      const existing = await findOrder(trx, draft.orderId, auth.userId);
      if (!existing || !inCallersMode(auth, existing)) throw notFound('orderNotFound');
      if (!(await updateDraft(trx, existing.id, auth.userId, draft))) throw stateError();
      return { orderId: existing.id, orderNo: existing.order_no };
    }
    const orderNo = await newOrderNo(trx);
    const [ready] = await readyDrafts(ctx.hooks, trx, auth.userId, [draft], {});
    const { input, columns } = ready as ReadyDraft;
    const orderId = await insertDraft(trx, auth.userId, orderNo, input, columns);
    await tagArrived(ctx.hooks, trx, [ready as ReadyDraft], [orderId]);
    await addEvent(trx, orderId, S.draft, 'draft', actorOf(auth));
    return { orderId, orderNo };
  });
}

/** Back to draft: a failed, cancelled or voided order becomes an editable draft again. */
export function backToDraft(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      await ctx.db.transaction().execute(async (trx) => {
        const reset = {
          tracking_no: null,
          rate: null,
          cost: null,
          insurance_fee: 0,
          earnest: 0,
          zone: null,
          billable_oz: null,
          estimate: null,
          label_created_at: null,
          earnest_released_at: null,
          refunded_at: null,
          proxy_id: null,
          commission: 0,
          audit_info: '',
          fail_reason: '',
        };
        if (!(await transition(trx, order.id, [S.failed, S.cancelled, S.voided], S.draft, reset))) throw stateError();
        await clearParcelLabels(trx, order.id);
        await addEvent(trx, order.id, S.draft, 'backToDraft', actorOf(auth));
      });
    },
    locale,
  );
}

/** Releases orders a rule held for review (modules/rules): their labels may be bought from now on. */
export function releaseHold(ctx: AppContext, auth: Auth, ids: number[], locale: Locale) {
  return eachOrder(
    ids,
    async (id) => {
      const order = await ownOrder(ctx, auth, id);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await releaseHeld(trx, order.id))) throw new AppError(422, 'orderNotHeld');
        await addEvent(trx, order.id, order.status, 'holdReleased', actorOf(auth));
      });
    },
    locale,
  );
}

/** Copy to draft: a new draft with the same parties, parcels and options, under a new order number. */
export async function copyOrder(ctx: AppContext, auth: Auth, id: number, scope: Scope) {
  const order = await findOrderInScope(ctx.db, id, scope);
  if (!order) throw notFound('orderNotFound');
  const parcels = await parcelsOf(ctx.db, order.id);
  return ctx.db.transaction().execute(async (trx) => {
    const orderNo = await newOrderNo(trx);
    const newId = await insertCopy(trx, order, orderNo);
    await copyParcels(trx, parcels, newId);
    await addEvent(trx, newId, S.draft, 'draft', actorOf(auth), order.order_no);
    return { orderId: newId, orderNo };
  });
}

/**
 * A draft as its form holds it, for the change history's before and after of an edit (what `updateDraft`
 * writes); null when the caller has no such order.
 */
export async function draftAsSaved(db: Db, orderId: number, userId: number) {
  const order = await findOrder(db, orderId, userId);
  if (!order) return null;
  const parcels = await parcelsOf(db, order.id);
  const to = parseAddress(order.to_address);
  const residential = order.residential === 1;
  return {
    orderNo: order.order_no,
    from: parseAddress(order.from_address),
    to,
    // as the API shows a parcel (money as money, its units named), less its ids and tracking, which no form holds
    parcels: parcels.map((parcel) => {
      const { id, seq, trackingNo, trackingStatus, ...asFilled } = parcelView(parcel);
      return asFilled;
    }),
    reference1: order.reference1,
    reference2: order.reference2,
    remark: order.remark,
    batteryType: order.battery_type,
    // the order's own flag where the API set it apart from the recipient's (the form never does): else the same
    // change would show twice
    ...(residential === (to.isResidential ?? false) ? {} : { residential }),
    labelSize: order.label_size,
    shipDate: order.ship_date,
    extra: JSON.parse(order.extra || '{}') as unknown,
    items: JSON.parse(order.items || '[]') as unknown,
  };
}
