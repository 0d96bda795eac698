/**
 * The statistics' reads (docs/spec.md §7): labels still paid for, by the UTC day they were bought, within the
 * caller's scope. They read `label_day_totals` (migration 0036: the paid labels summed per day and customer
 * by triggers on orders), so a year over a million orders reads some hundred thousand rows, not the orders.
 * Every read is of one wallet currency (migration 0043: the table is kept per day, currency and customer).
 */
import {
  DAY_MS,
  FUND_TYPE,
  ORDER_STATUS,
  ROLE,
  WALLETS,
  type WalletCurrency,
  WORK_ORDER_STATUS,
} from '@parcelport/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';
import { withinScope } from '../orders/index.ts';

/** Milliseconds: `from` inclusive, `to` exclusive; the wallet currency summed. */
export interface Span {
  from: number;
  to: number;
  currency: WalletCurrency;
}

type Totals = ExpressionBuilder<Database, 'label_day_totals'>;
const labels = (eb: Totals) => eb.fn.sum<number>('label_day_totals.labels');
const sales = (eb: Totals) => eb.fn.sum<number>('label_day_totals.sales');
const day = sql.ref<number>('label_day_totals.day');

/**
 * The day totals of the span in its currency, within the scope: one customer's, or those of the customers a
 * seller owns (the rows carry the customer's seller, kept current by a trigger on users). They count live
 * labels only (migration 0082): a test API key has none.
 */
function paidDays(db: Db, scope: Scope, span: Span) {
  const { userId, ownerId } = scope;
  return db
    .selectFrom('label_day_totals')
    .$if(scope.test === true, (qb) => qb.where(sql<boolean>`1 = 0`))
    .where('label_day_totals.currency', '=', span.currency)
    .where('label_day_totals.day', '>=', Math.ceil(span.from / DAY_MS))
    .where('label_day_totals.day', '<', Math.ceil(span.to / DAY_MS))
    .$if(userId !== undefined, (qb) => qb.where('label_day_totals.user_id', '=', userId as number))
    .$if(ownerId !== undefined, (qb) => qb.where('label_day_totals.owner_id', '=', ownerId as number));
}

/**
 * The span's figures in its currency, and which currencies have labels or refunds in the span and scope
 * (USD always listed, then the others in WALLETS order). Whether another currency has labels is one index
 * probe each (the table leads with the currency), not a read of its rows.
 */
export async function totals(db: Db, scope: Scope, span: Span) {
  const others = WALLETS.filter((currency) => currency !== 'USD');
  const [bought, refunds, ...labelled] = await Promise.all([
    paidDays(db, scope, span)
      .select((eb) => [
        labels(eb).as('labels'),
        sales(eb).as('sales'),
        eb.fn.count<number>('label_day_totals.user_id').distinct().as('customers'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('balance_logs')
      .select((eb) => ['balance_logs.currency', eb.fn.sum<number>('amount').as('total')])
      .where('type', '=', FUND_TYPE.refund)
      .where('created_at', '>=', span.from)
      .where('created_at', '<', span.to)
      .$call((qb) => whereAccountInScope(qb, 'balance_logs.user_id', scope))
      .groupBy('balance_logs.currency')
      .execute(),
    ...others.map((currency) =>
      paidDays(db, scope, { ...span, currency })
        .select('label_day_totals.day')
        .limit(1)
        .executeTakeFirst(),
    ),
  ]);
  const refunded = refunds.find((row) => row.currency === span.currency);
  const present = new Set<string>([
    'USD',
    ...others.filter((_currency, index) => labelled[index] !== undefined),
    ...refunds.map((row) => row.currency),
  ]);
  return {
    currency: span.currency,
    currencies: WALLETS.filter((currency) => present.has(currency)),
    labels: Number(bought.labels ?? 0),
    sales: Number(bought.sales ?? 0),
    customers: Number(bought.customers ?? 0),
    refunds: Number(refunded?.total ?? 0),
  };
}

export function perDay(db: Db, scope: Scope, span: Span) {
  return paidDays(db, scope, span)
    .select((eb) => [day.as('day'), labels(eb).as('labels'), sales(eb).as('sales')])
    .groupBy(day)
    .execute();
}

/** Per day and seller (null: the platform's own customers), the sellers named after summing. */
export async function perDayAndSeller(db: Db, scope: Scope, span: Span) {
  const rows = await paidDays(db, scope, span)
    .select((eb) => [day.as('day'), 'label_day_totals.owner_id', labels(eb).as('labels'), sales(eb).as('sales')])
    .groupBy([day, 'label_day_totals.owner_id'])
    .execute();
  const owners = [...new Set(rows.map((row) => row.owner_id).filter((id) => id !== null))];
  const names = new Map(
    owners.length === 0
      ? []
      : (await db.selectFrom('users').select(['id', 'username']).where('id', 'in', owners).execute()).map((user) => [
          user.id,
          user.username,
        ]),
  );
  return rows.map((row) => ({
    ...row,
    seller_id: row.owner_id,
    seller: row.owner_id === null ? null : (names.get(row.owner_id) ?? null),
  }));
}

/** A seller's customers day by day: one row per day and customer already, named by a join. */
export function perDayAndCustomerOf(db: Db, scope: Scope, span: Span, sellerId: number) {
  return paidDays(db, scope, span)
    .innerJoin('users as customer', 'customer.id', 'label_day_totals.user_id')
    .where('label_day_totals.owner_id', '=', sellerId)
    .select([
      'label_day_totals.day',
      'customer.id as user_id',
      'customer.username',
      'label_day_totals.labels',
      'label_day_totals.sales',
    ])
    .execute();
}

/** Per seller in reach (a seller: itself): its customers, those who bought in the span, labels and sales. */
export async function sellerFigures(db: Db, scope: Scope, span: Span) {
  const self = scope.ownerId;
  const sellers = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .innerJoin('roles', 'roles.id', 'user_roles.role_id')
    .select(['users.id', 'users.username'])
    .where('roles.code', '=', ROLE.seller)
    .where('users.deleted_at', 'is', null)
    .$if(self !== undefined, (qb) => qb.where('users.id', '=', self as number))
    .orderBy('users.username')
    .execute();
  if (sellers.length === 0) return [];
  const ids = sellers.map((seller) => seller.id);
  const [customers, bought] = await Promise.all([
    db
      .selectFrom('users')
      .select(['owner_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('owner_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .groupBy('owner_id')
      .execute(),
    paidDays(db, {}, span)
      .where('label_day_totals.owner_id', 'in', ids)
      .select((eb) => [
        'label_day_totals.owner_id',
        eb.fn.count<number>('label_day_totals.user_id').distinct().as('active'),
        labels(eb).as('labels'),
        sales(eb).as('sales'),
      ])
      .groupBy('label_day_totals.owner_id')
      .execute(),
  ]);
  return sellers.map((seller) => {
    const count = customers.find((row) => row.owner_id === seller.id);
    const sums = bought.find((row) => row.owner_id === seller.id);
    return {
      sellerId: seller.id,
      seller: seller.username,
      customers: Number(count?.n ?? 0),
      activeCustomers: Number(sums?.active ?? 0),
      labels: Number(sums?.labels ?? 0),
      sales: Number(sums?.sales ?? 0),
    };
  });
}

/**
 * Orders waiting as drafts, labels awaiting pickup and labels in transit, within the scope: live ones, or a
 * test API key's test ones.
 */
export async function ordersInFlight(db: Db, scope: Scope) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['orders.status', eb.fn.countAll<number>().as('n')])
    .where('orders.is_test', '=', scope.test === true ? 1 : 0)
    .where('orders.status', 'in', [ORDER_STATUS.draft, ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit])
    .$call((qb) => withinScope(qb, scope))
    .groupBy('orders.status')
    .execute();
  const count = (status: number) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  return {
    drafts: count(ORDER_STATUS.draft),
    awaitingPickup: count(ORDER_STATUS.pendingTransport),
    inTransit: count(ORDER_STATUS.inTransit),
  };
}

/** Work orders still being processed, within the scope. */
export async function openWorkOrders(db: Db, scope: Scope): Promise<number> {
  const row = await db
    .selectFrom('work_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('work_orders.status', '=', WORK_ORDER_STATUS.processing)
    .$call((qb) => whereAccountInScope(qb, 'work_orders.user_id', scope))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
