/**
 * The statistics' reads (docs/spec.md §7): labels still paid for, bucketed by the UTC day they were bought
 * (`label_created_at` / one day, an integer division both databases do alike), within the caller's scope.
 */
import { FUND_TYPE, LABEL_PAID_STATUSES, ORDER_STATUS, ROLE, WORK_ORDER_STATUS } from '@parcelport/shared';
import { type ExpressionBuilder, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Scope } from '../../http/scope.ts';
import { withinScope } from '../orders/repo.ts';
import { whereAccountInScope } from '../users/scope.ts';

export const DAY_MS = 86_400_000;

/** Milliseconds: `from` inclusive, `to` exclusive. */
export interface Span {
  from: number;
  to: number;
}

const dayNumber = sql<number>`orders.label_created_at / ${sql.lit(DAY_MS)}`;
const charged = (eb: ExpressionBuilder<Database, 'orders'>) =>
  eb.fn.sum<number>(eb(eb.fn.coalesce('orders.rate', eb.lit(0)), '+', eb.ref('orders.insurance_fee')));

/** The paid labels bought in the span, within the scope. */
function paidLabels(db: Db, scope: Scope, span: Span) {
  return db
    .selectFrom('orders')
    .where('orders.status', 'in', LABEL_PAID_STATUSES)
    .where('orders.label_created_at', '>=', span.from)
    .where('orders.label_created_at', '<', span.to)
    .$call((qb) => withinScope(qb, scope));
}

export async function totals(db: Db, scope: Scope, span: Span) {
  const [labels, refunds] = await Promise.all([
    paidLabels(db, scope, span)
      .select((eb) => [
        eb.fn.countAll<number>().as('labels'),
        charged(eb).as('sales'),
        eb.fn.count<number>('orders.user_id').distinct().as('customers'),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('balance_logs')
      .select((eb) => eb.fn.sum<number>('amount').as('total'))
      .where('type', '=', FUND_TYPE.refund)
      .where('created_at', '>=', span.from)
      .where('created_at', '<', span.to)
      .$call((qb) => whereAccountInScope(qb, 'balance_logs.user_id', scope))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    labels: Number(labels.labels),
    sales: Number(labels.sales ?? 0),
    customers: Number(labels.customers),
    refunds: Number(refunds.total ?? 0),
  };
}

export function perDay(db: Db, scope: Scope, span: Span) {
  return paidLabels(db, scope, span)
    .select((eb) => [dayNumber.as('day'), eb.fn.countAll<number>().as('labels'), charged(eb).as('sales')])
    .groupBy(dayNumber)
    .execute();
}

export function perDayAndSeller(db: Db, scope: Scope, span: Span) {
  return paidLabels(db, scope, span)
    .innerJoin('users as customer', 'customer.id', 'orders.user_id')
    .leftJoin('users as seller', 'seller.id', 'customer.owner_id')
    .select((eb) => [
      dayNumber.as('day'),
      'seller.id as seller_id',
      'seller.username as seller',
      eb.fn.countAll<number>().as('labels'),
      charged(eb).as('sales'),
    ])
    .groupBy([dayNumber, 'seller.id', 'seller.username'])
    .execute();
}

export function perDayAndCustomerOf(db: Db, scope: Scope, span: Span, sellerId: number) {
  return paidLabels(db, scope, span)
    .innerJoin('users as customer', 'customer.id', 'orders.user_id')
    .where('customer.owner_id', '=', sellerId)
    .select((eb) => [
      dayNumber.as('day'),
      'customer.id as user_id',
      'customer.username',
      eb.fn.countAll<number>().as('labels'),
      charged(eb).as('sales'),
    ])
    .groupBy([dayNumber, 'customer.id', 'customer.username'])
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
    paidLabels(db, {}, span)
      .innerJoin('users as customer', 'customer.id', 'orders.user_id')
      .where('customer.owner_id', 'in', ids)
      .select((eb) => [
        'customer.owner_id',
        eb.fn.count<number>('orders.user_id').distinct().as('active'),
        eb.fn.countAll<number>().as('labels'),
        charged(eb).as('sales'),
      ])
      .groupBy('customer.owner_id')
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

/** Orders waiting as drafts, labels awaiting pickup and labels in transit, within the scope. */
export async function ordersInFlight(db: Db, scope: Scope) {
  const rows = await db
    .selectFrom('orders')
    .select((eb) => ['orders.status', eb.fn.countAll<number>().as('n')])
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
