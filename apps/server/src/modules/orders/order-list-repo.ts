/** The order list and the downloads of a filtered selection: one filter, one scope. */
import { type KeyMode, ORDER_STATUS } from '@parcelport/shared';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { listedModeOf } from '../../core/caller.ts';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { LIST_COLUMNS, withinScope } from './repo.ts';
import type { OrderListQuery } from './schemas.ts';

/**
 * Which bought labels wait for review (the run-time settings, /adminSettings/sysConfig): those charged at least
 * `minCharge` cents, and those declared at `minDeclaredValue` cents or more when it is above 0.
 */
export interface ReviewThresholds {
  minCharge: number;
  minDeclaredValue: number;
}

/**
 * The order list's filters without its paging: the list and every download of a filtered selection use them.
 * `review` gives `pendingReview` its thresholds (every bought label without them).
 */
export type OrderFilter = Omit<OrderListQuery, 'page' | 'pageSize' | 'after' | 'sort'> & { review?: ReviewThresholds };

/** The filter with the review thresholds in use when it asks for the labels waiting for review. */
export async function withReviewThresholds<F extends OrderFilter>(
  ctx: Pick<AppContext, 'settings'>,
  filter: F,
): Promise<F> {
  return filter.pendingReview ? { ...filter, review: (await ctx.settings.current()).review } : filter;
}

/**
 * The mode of the orders a list shows (issue 31, docs/api.md "Test and live keys"), by the one rule of every
 * list (core/caller.ts listedModeOf); a scope keeps an API key's mode as `test`, a session's as none.
 */
export const listedMode = (asked: KeyMode | undefined, scope: Scope): KeyMode | undefined =>
  listedModeOf({ keyMode: scope.test === undefined ? undefined : scope.test ? 'test' : 'live' }, asked);

/**
 * The orders the list shows for a filter, within the caller's scope: ONE function for the list and the
 * downloads (docs/api.md), so a filtered download holds exactly the orders the list shows. `asGiven`: a
 * selection of explicit ids, taken whatever their mode unless a mode is asked (a test order's own download).
 */
export function filteredOrders(db: Db, query: OrderFilter, scope: Scope, asGiven = false) {
  const keyword = query.keyword?.trim();
  const customer = query.customer?.trim();
  const mode = asGiven ? query.mode : listedMode(query.mode, scope);
  return (
    db
      .selectFrom('orders')
      .$call((qb) => withinScope(qb, scope))
      .$if(query.userId !== undefined, (qb) => qb.where('orders.user_id', '=', query.userId as number))
      .$if(Boolean(customer), (qb) =>
        qb.where('orders.user_id', 'in', (eb) =>
          eb
            .selectFrom('users')
            .select('users.id')
            .where((inner) =>
              inner.or(
                (['users.username', 'users.name', 'users.company'] as const).map((column) =>
                  inner(inner.fn('lower', [column]), 'like', `%${(customer as string).toLowerCase()}%`),
                ),
              ),
            ),
        ),
      )
      .$if(query.status !== undefined, (qb) => qb.where('orders.status', '=', query.status as number))
      .$if(mode !== undefined, (qb) => qb.where('orders.is_test', '=', mode === 'test' ? 1 : 0))
      .$if(query.pendingReview === true, (qb) =>
        qb.where('orders.status', '=', ORDER_STATUS.pendingTransport).where('orders.reviewed_at', 'is', null),
      )
      .$if(query.pendingReview === true && query.review !== undefined, (qb) => {
        const { minCharge, minDeclaredValue } = query.review as ReviewThresholds;
        return qb.where((eb) =>
          eb.or([
            eb('orders.rate', '>=', minCharge),
            ...(minDeclaredValue > 0 ? [eb('orders.insurance_cents', '>=', minDeclaredValue)] : []),
          ]),
        );
      })
      // The merchant's tag (modules/tags): orders carrying it.
      .$if(query.tagId !== undefined, (qb) =>
        qb.where('orders.id', 'in', (eb) =>
          eb
            .selectFrom('order_tags')
            .select('order_tags.order_id')
            .where('order_tags.tag_id', '=', query.tagId as number),
        ),
      )
      .$if(query.channelId !== undefined, (qb) => qb.where('orders.channel_id', '=', query.channelId as number))
      .$if(Boolean(query.batchNo), (qb) => qb.where('orders.batch_no', '=', query.batchNo as string))
      // The returns filter (modules/returns): return labels alone, or outbound labels alone.
      .$if(query.kind !== undefined, (qb) => qb.where('orders.kind', '=', query.kind as 'label' | 'return'))
      .$if(query.from !== undefined, (qb) => qb.where('orders.created_at', '>=', query.from as number))
      .$if(query.to !== undefined, (qb) => qb.where('orders.created_at', '<', query.to as number))
      .$if(Boolean(keyword), (qb) =>
        qb.where((eb) =>
          eb.or([
            eb('orders.order_no', '=', keyword as string),
            eb('orders.tracking_no', '=', keyword as string),
            eb('orders.reference1', '=', keyword as string),
            eb('orders.to_name', 'like', `%${keyword}%`),
          ]),
        ),
      )
  );
}

/** Up to this many matches a list's total is counted on every call. */
export const EXACT_TOTAL_LIMIT = 1000;
/**
 * Above it, matches are counted up to this many, at most every LARGE_TOTAL_TTL_MS per list (filters and
 * scope) and process; a list with more answers `total: TOTAL_CAP, totalCapped: true` ("more than 10,000").
 * Counting every one of ten million orders would take seconds on every new filter (bench `volume`).
 */
export const TOTAL_CAP = 10_000;
export const LARGE_TOTAL_TTL_MS = 10_000;
type LargeTotals = Map<string, { total: number; countedAt: number }>;
/**
 * The large totals counted lately, per database: keyed by the account and filters only, a memo shared by two
 * apps in one process (the test suite's files) gave one database's total to the same account id in another.
 */
const largeTotalsByDb = new WeakMap<Db, LargeTotals>();

function largeTotalsOf(db: Db): LargeTotals {
  let totals = largeTotalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    largeTotalsByDb.set(db, totals);
  }
  return totals;
}

/** The filter's order ids, no more than `cap` + 1 of them, counted (+1 tells "more than cap"). */
export function cappedCount(db: Db, filter: OrderFilter, scope: Scope, cap: number) {
  return db
    .selectFrom(
      filteredOrders(db, filter, scope)
        .select('orders.id')
        .limit(cap + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'));
}

const countUpTo = async (db: Db, filter: OrderFilter, scope: Scope, cap: number) =>
  Number((await cappedCount(db, filter, scope, cap).executeTakeFirstOrThrow()).total);

/**
 * A page of the list: by keyset after `after` when given, else by offset from `page`; newest first, or
 * oldest first (`sort`). A list between dates goes by creation time (then id), along (created_at, id): ids
 * and creation times rise together, and walking the ids from the newest instead would first pass every
 * order made after the period (half a million rows for a month a year ago, in a million orders).
 */
export function orderPage(db: Db, query: OrderListQuery, scope: Scope) {
  const { page, pageSize, after, sort, ...filter } = query;
  const byTime = filter.from !== undefined || filter.to !== undefined;
  const direction = sort === 'oldest' ? 'asc' : 'desc';
  // The next orders in the list's order: below the last one newest first, above it oldest first.
  const beyond = direction === 'asc' ? '>' : '<';
  return filteredOrders(db, filter, scope)
    .select(LIST_COLUMNS.map((column) => `orders.${column}` as const))
    .$if(after !== undefined && !byTime, (qb) => qb.where('orders.id', beyond, after as number))
    .$if(after !== undefined && byTime, (qb) =>
      qb.where(
        sql<boolean>`(orders.created_at, orders.id) ${sql.raw(beyond)} (select a.created_at, a.id from orders a where a.id = ${after})`,
      ),
    )
    .$if(byTime, (qb) => qb.orderBy('orders.created_at', direction))
    .orderBy('orders.id', direction)
    .limit(pageSize)
    .$if(after === undefined, (qb) => qb.offset((page - 1) * pageSize));
}

/**
 * A page of a list and its total. Counting every match of a big list on every page would cost more than the
 * page itself, so the total is exact up to EXACT_TOTAL_LIMIT matches (a count that stops there); above it,
 * it is a count that stops at TOTAL_CAP, made at most LARGE_TOTAL_TTL_MS ago for the same filters (a busy
 * list's total may lag a few seconds behind, never the rows), and past TOTAL_CAP it is TOTAL_CAP with
 * `totalCapped`. `after` (the last id of the page before) pages by keyset: the page starts after that id
 * whatever `page` says, so going page by page costs the same however deep.
 */
export async function listOrders(db: Db, query: OrderListQuery, scope: Scope) {
  const offset = (query.page - 1) * query.pageSize;
  // The sort orders the page, not what matches: the total is the filter's either way.
  const { page: _page, pageSize: _pageSize, after, sort: _sort, ...filter } = query;
  const key = JSON.stringify([scope.userId, scope.ownerId, scope.test, filter]);
  const largeTotals = largeTotalsOf(db);
  const known = largeTotals.get(key);
  const fresh = known && Date.now() - known.countedAt < LARGE_TOTAL_TTL_MS ? known.total : undefined;
  const [rows, bounded] = await Promise.all([
    orderPage(db, query, scope).execute(),
    fresh === undefined ? countUpTo(db, filter, scope, EXACT_TOTAL_LIMIT) : null,
  ]);
  let total = fresh ?? (bounded as number);
  if (fresh === undefined && total > EXACT_TOTAL_LIMIT) {
    total = await countUpTo(db, filter, scope, TOTAL_CAP);
    if (largeTotals.size >= 1000) largeTotals.delete(largeTotals.keys().next().value as string);
    largeTotals.set(key, { total, countedAt: Date.now() });
  }
  const totalCapped = total > TOTAL_CAP;
  // A lagging total never says there is less than the page shows.
  return {
    rows,
    total: totalCapped ? TOTAL_CAP : Math.max(total, after === undefined ? offset + rows.length : rows.length),
    totalCapped,
  };
}
