/**
 * Drafts arriving: readied by the modules that lend the `arrival` hook (modules/rules: the merchant's presets
 * and rules) in the transaction that writes them, and tagged by those that lend `orderTags` (modules/tags).
 * `makeDrafts` is the one way orders come in from outside (an import's sheet, a store's order): numbered,
 * written with their parcels and a `draft` event naming where they came from, and told as `order.imported`.
 */

import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/index.ts';
import { nextSequence } from '../../db/sequences.ts';
import type { ArrivalFrom, ReadyDraft } from '../../declaration.ts';
import { ordersImported } from '../webhooks/index.ts';
import { type DraftRow, draftColumnsOf, insertDrafts } from './drafts-repo.ts';
import { orderNoOf } from './numbers.ts';
import type { OrderInput } from './schemas.ts';

type Hooks = AppContext['hooks'];

/** The drafts as the `arrival` hooks leave them, each hook readying what the one before left. */
export async function readyDrafts(
  hooks: Hooks,
  db: Db,
  userId: number,
  inputs: readonly OrderInput[],
  from: ArrivalFrom,
): Promise<ReadyDraft[]> {
  let drafts: ReadyDraft[] = inputs.map((input) => ({ input, columns: draftColumnsOf(input), tagIds: [] }));
  for (const arrival of hooks.arrival) {
    const readied = await arrival(
      db,
      userId,
      drafts.map((draft) => draft.input),
      from,
    );
    drafts = drafts.map((draft, i) => {
      const next = readied[i] as ReadyDraft;
      return { input: next.input, columns: next.columns, tagIds: [...draft.tagIds, ...next.tagIds] };
    });
  }
  return drafts;
}

/** Writes the tags the arrival gave each order written (`orderIds[i]` is the i-th draft's order). */
export async function tagArrived(hooks: Hooks, db: Db, drafts: readonly ReadyDraft[], orderIds: readonly number[]) {
  const pairs = drafts.flatMap((draft, i) =>
    draft.tagIds.map((tag_id) => ({ order_id: orderIds[i] as number, tag_id })),
  );
  if (pairs.length === 0) return;
  for (const tags of hooks.orderTags) await tags.add(db, pairs);
}

/** Where arriving drafts come from: a sheet imported under its batch, or one order of a store. */
export type DraftOrigin =
  | { source: 'file'; batchNo: string }
  | { source: 'store'; storeId: number; platform: string; externalId: string; note: string };

/**
 * Drafts arriving from outside for `userId`, numbered (the numbers reserved before the transaction, so a long
 * import holds no sequence row), readied, written and told, in one transaction; `alongside` writes what the
 * caller keeps with them (a store's record of its order) in the same transaction.
 */
export async function makeDrafts(
  ctx: Pick<AppContext, 'db' | 'hooks'>,
  userId: number,
  inputs: readonly OrderInput[],
  origin: DraftOrigin,
  alongside?: (trx: Db, made: DraftRow[]) => Promise<void>,
): Promise<DraftRow[]> {
  const first = await nextSequence(ctx.db, 'order_no', inputs.length);
  const orderNo = (index: number) => orderNoOf(first + index);
  return ctx.db.transaction().execute(async (trx) => {
    const from = origin.source === 'store' ? { storeId: origin.storeId } : {};
    const drafts = await readyDrafts(ctx.hooks, trx, userId, inputs, from);
    // An import's drafts are its merchant's; a store's are made by no one (its sync).
    const event =
      origin.source === 'file' ? { detail: origin.batchNo, actorId: userId } : { detail: origin.note, actorId: null };
    const made = await insertDrafts(trx, userId, drafts, orderNo, event);
    await tagArrived(
      ctx.hooks,
      trx,
      drafts,
      made.map((row) => row.id),
    );
    const told =
      origin.source === 'store'
        ? { source: origin.source, storeId: origin.storeId, platform: origin.platform, externalId: origin.externalId }
        : origin;
    await ordersImported(trx, userId, made, told);
    await alongside?.(trx, made);
    return made;
  });
}
