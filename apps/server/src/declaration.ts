import type { OrderBody } from '@parcelport/shared/contracts/orders/schemas';
import type { TagView } from '@parcelport/shared/contracts/tags/index';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from './context.ts';
import type { TrackingEvent } from './core/tracking.ts';
import type { Db } from './db/index.ts';
import type { Sweep } from './jobs/sweeper.ts';
import type { TaskHandler } from './jobs/tasks.ts';
import type { ItemHandler, WorkerOptions } from './jobs/worker.ts';

/**
 * What one module adds to the app. Each module declares its parts in its own `module.ts` (named on its face,
 * `declareModule`), and app.ts collects every folder of src/modules: adding a module edits no central list.
 */
export interface ModuleParts {
  /** Route plugins under /api, behind the sign-in, key rate limit, idempotency, input guard and audit hooks. */
  api?: FastifyPluginAsync[];
  /** Route plugins outside /api: pages of their own (the API reference, the recipient's tracking page). */
  pages?: FastifyPluginAsync[];
  /** Batch job types (a list of orders each) and what each does with one order. */
  jobs?: Record<string, ItemHandler>;
  /** Told of each batch job completed, after its completion is written. */
  jobCompleted?: NonNullable<WorkerOptions['completed']>;
  /** Task types (one piece of work each, retried with backoff). */
  tasks?: Record<string, TaskHandler>;
  /** Housekeeping every instance runs at start and then every `config.sweepMs`. */
  sweeps?: Sweep[];
  /** Pruning of records kept for a while, run every `PRUNE_EVERY_MS`. */
  pruning?: Sweep[];
  /** What the module lends other modules, which so need not call it: listeners to their news, answers (`Hooks`). */
  hooks?: { [Kind in keyof Hooks]?: Hooks[Kind][number] };
  /** A loop of the module's own that every instance with workers runs; answers how to stop it. */
  background?: () => () => Promise<void>;
}

/** A parcel's new events, as tracking applies them (modules/tracking/service.ts). */
export interface ParcelNews {
  orderId: number;
  parcelId: number;
  trackingNo: string;
  /** The newest of the events. */
  latest: TrackingEvent;
  /** Whether the parcel's state is no longer what it was. */
  changed: boolean;
  /** Whether an event says the carrier has the parcel in hand (in transit up to delivered). */
  scanned: boolean;
  /**
   * Its order's merchant and kind (fixed once the label is bought), when tracking read them with the parcel: a
   * listener then need not read the order for them.
   */
  order?: { userId: number; kind: string };
}

/**
 * Told of a parcel's news by tracking, which so calls no module that acts on it: `recorded` runs in the
 * transaction that stores the events (what must move with them: the order's state, a return's charge);
 * `changed` after it commits, when the state changed (messages to people; a failure is logged and never
 * stops the round).
 */
export interface ParcelListener {
  recorded?: (trx: Db, news: ParcelNews) => Promise<unknown>;
  changed?: (ctx: AppContext, news: ParcelNews) => Promise<void>;
  /**
   * `recorded` for the news of many parcels at once, each of another order (a group of carrier pushes,
   * modules/tracking/push-inbox.ts), in a few statements whatever their number; without it `recorded` is
   * told of each in turn.
   */
  recordedMany?: (trx: Db, news: readonly ParcelNews[]) => Promise<unknown>;
  /** `changed` for many news at once (its failure is logged); without it `changed` is told of each in turn. */
  changedMany?: (ctx: AppContext, news: readonly ParcelNews[]) => Promise<void>;
}

/**
 * Money arrived in a wallet (an approved recharge), told in the transaction that credits it: what carrier bills
 * left owed is collected from it (modules/bills).
 */
export type TopUpListener = (trx: Db, topUp: { userId: number; currency: string; actorId: number }) => Promise<unknown>;

/**
 * A user's password changed or their account was closed, told in the transaction that changes it: their
 * sessions end everywhere (modules/auth), but for the one they are in (`keepSession`) and their API keys.
 */
export type CredentialsListener = (trx: Db, change: { userId: number; keepSession?: number }) => Promise<void>;

/**
 * Told by the purchase of what only returns keep (modules/returns): `payOnUse`, in the placing transaction, a
 * pay-on-use label placed free, with what its merchant's proxy would earn (credited at the first scan);
 * `qrCode`, once the label is bought, the carrier's QR code of it where the carrier gave one.
 */
export interface PurchaseListener {
  payOnUse?: (
    db: Db,
    placed: { orderId: number; proxy: { id: number; commissionCents: number } | null },
  ) => Promise<void>;
  qrCode?: (ctx: AppContext, label: { orderId: number; bytes: Buffer }) => Promise<void>;
}

/** Where arriving drafts come from: a store's id when a store sent them. */
export interface ArrivalFrom {
  storeId?: number | null;
}

/** An arriving draft made ready: its input as presets and rules left it, the order columns they set, the tags they add. */
export interface ReadyDraft {
  input: OrderBody;
  columns: {
    items: string;
    preferred_service_id?: number | null;
    rate_choice?: string | null;
    held_for_review?: number;
    rule_trail?: string;
  };
  tagIds: number[];
}

/**
 * Readies drafts arriving (typed in, sent by API, imported, a store's), in the transaction that writes them:
 * answers each input's ready draft, in order (modules/rules: the merchant's presets and rules). Orders, which
 * writes the drafts, so imports none of what readies them.
 */
export type ArrivalListener = (
  db: Db,
  userId: number,
  inputs: readonly OrderBody[],
  from: ArrivalFrom,
) => Promise<ReadyDraft[]>;

/**
 * An order's tags (modules/tags), for the orders that show them and write none: `add` writes those an arrival
 * gave, in its transaction; `of` answers the tags of each of the orders (their list and detail).
 */
export interface OrderTags {
  add: (db: Db, pairs: readonly { order_id: number; tag_id: number }[]) => Promise<void>;
  of: (db: Db, orderIds: readonly number[]) => Promise<Map<number, TagView[]>>;
}

/**
 * Whether a user may read a file another account uploaded because they share the thing it is attached to (a
 * merchant reads the staff's reply attachment on their own work order): asked by attachments.
 */
export type FileShare = (db: Db, attachmentId: number, userId: number) => Promise<boolean>;

/** Every module's hooks, by kind, in module order (on the context: `ctx.hooks`). */
export interface Hooks {
  parcelNews: ParcelListener[];
  topUp: TopUpListener[];
  fileShare: FileShare[];
  credentialsChanged: CredentialsListener[];
  purchase: PurchaseListener[];
  arrival: ArrivalListener[];
  orderTags: OrderTags[];
}

/** No hooks: the context's value until the modules are collected. */
export const NO_HOOKS: Hooks = {
  parcelNews: [],
  topUp: [],
  fileShare: [],
  credentialsChanged: [],
  purchase: [],
  arrival: [],
  orderTags: [],
};

/** A module's declaration: its parts, made for the app's context. */
export type ModuleDeclaration = (ctx: AppContext) => ModuleParts;

/** How often kept records (the API log, webhook deliveries) are pruned. */
export const PRUNE_EVERY_MS = 10 * 60_000;
