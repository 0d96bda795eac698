/**
 * How a purchase writes its two steps (docs/architecture.md "A label purchase is a state machine"): the order
 * to placing with its charge, then to 1 with its labels, each with its events, alone or with a batch's commits
 * shared. The orders' own columns are written by orders/placing-repo.ts.
 */
import { ORDER_STATUS } from '@parcelport/shared';
import { AppError } from '../../core/errors.ts';
import { groupCommit } from '../../db/group-commit.ts';
import type { Db } from '../../db/index.ts';
import { applyMovements, type Movement } from '../funds/index.ts';
import {
  addEvents,
  type BoughtLabel,
  completePlacing,
  createTrackingPages,
  findOrder,
  moveToPlacing,
  type Placing,
} from '../orders/index.ts';
import { labelsCreated } from '../webhooks/index.ts';

const S = ORDER_STATUS;

/** A purchase's first write: the order, as read, to 17 (placing) with what it is bought as, and its charge. */
export interface Placement extends Placing {
  movements: Movement[];
  actorId: number | null;
}

/** A purchase's second write, once the carrier has answered: tracking numbers, and the order to 1. */
export interface Completion extends BoughtLabel {
  actorId: number | null;
}

/**
 * Moves the orders to placing and charges them. Each order moves only from a draft or failed state and
 * only if unchanged since it was read (its `version`): a purchase is quoted and charged from the order
 * as read, so an edit since refuses it rather than buy a label for what the order no longer says.
 */
async function placeOrders(trx: Db, placements: readonly Placement[], claimMs: number): Promise<void> {
  const moved = await moveToPlacing(trx, placements, claimMs);
  const refused = placements.find(({ order }) => !moved.includes(order.id));
  if (refused) {
    const now = await findOrder(trx, refused.order.id);
    throw now?.status === refused.order.status
      ? new AppError(409, 'orderChangedMeanwhile')
      : new AppError(422, 'orderStateInvalid');
  }
  // The events before the charges: a wallet row (shared by all of a user's purchases) stays locked for as
  // short a time as possible.
  await addEvents(
    trx,
    placements.map((placement) => ({
      orderId: placement.order.id,
      status: S.placing,
      event: 'placing',
      actorId: placement.actorId,
    })),
  );
  // One charge per wallet, wallets in a fixed order so that two groups never wait for each other's.
  const wallets = Map.groupBy(
    placements.flatMap((placement) => placement.movements),
    (movement) => `${movement.userId}:${movement.currency}`,
  );
  for (const key of [...wallets.keys()].sort()) await applyMovements(trx, wallets.get(key) as Movement[]);
}

/**
 * Records what the carrier answered, for the orders still in placing; answers per completion whether its
 * order was. An order whose claim lapsed meanwhile was refunded by a sweep and is left as it is.
 */
async function completePurchases(trx: Db, completions: readonly Completion[]): Promise<boolean[]> {
  const completed = await completePlacing(trx, completions);
  const done = completions.map((completion) => completed.includes(completion.orderId));
  const moved = completions.filter((_, index) => done[index]);
  if (moved.length === 0) return done;
  // Each label's public tracking page (issue 28), made with the label so its link can be handed out at once.
  await createTrackingPages(
    trx,
    moved.map((completion) => completion.orderId),
  );
  await addEvents(
    trx,
    moved.map((completion) => ({
      orderId: completion.orderId,
      status: S.pendingTransport,
      event: 'labelCreated',
      actorId: completion.actorId,
      detail: completion.trackingNo,
    })),
  );
  await labelsCreated(
    trx,
    moved.map((completion) => completion.orderId),
  );
  return done;
}

export interface PurchaseWrites {
  place: (placement: Placement) => Promise<void>;
  /** False when the order was no longer in placing (its claim lapsed and it was refunded). */
  complete: (completion: Completion) => Promise<boolean>;
  /** How long a purchase's claim on its order lasts without renewal. */
  claimMs: number;
}

/**
 * How purchases are written: each in transactions of its own, or, for the purchases of a batch, with
 * their commits shared (see group-commit.ts).
 */
export function purchaseWrites(db: Db, claimMs: number, grouped = false): PurchaseWrites {
  const place = (placements: readonly Placement[]) =>
    db.transaction().execute(async (trx) => {
      await placeOrders(trx, placements, claimMs);
      return placements.map(() => undefined);
    });
  const complete = (completions: readonly Completion[]) =>
    db.transaction().execute((trx) => completePurchases(trx, completions));
  if (grouped) return { place: groupCommit(place), complete: groupCommit(complete), claimMs };
  return {
    place: async (placement) => void (await place([placement])),
    complete: async (completion) => (await complete([completion]))[0] === true,
    claimMs,
  };
}
