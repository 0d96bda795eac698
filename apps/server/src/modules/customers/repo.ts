/**
 * What the customer, proxy and warehouse screens read about accounts from other owners' tables (wallets,
 * orders): a proxy's figures for a period.
 * Reads only; every write stays with the table's owner (docs/architecture.md "Who owns each table").
 */
import { FUND_TYPE, LABEL_PAID_STATUSES, ROLE } from '@parcelport/shared';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import { ownedCustomers, roleHolders } from '../users/index.ts';

/** A period of created_at times: `from` inclusive, `to` exclusive, either open. */
export interface Period {
  from?: number | undefined;
  to?: number | undefined;
}

/**
 * Per proxy: the live labels its customers bought in the period and still pay for (never a test label: figures
 * count live ones only, issue 31), and its commission in the period net of reversals (its ledger's commission
 * rows).
 */
export async function proxyFigures(db: Db, proxyIds: readonly number[], period: Period) {
  if (proxyIds.length === 0) return new Map<number, { labels: number; commission: number }>();
  const [labels, commission] = await Promise.all([
    db
      .selectFrom('orders')
      .select(['proxy_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('proxy_id', 'in', proxyIds)
      .where('status', 'in', LABEL_PAID_STATUSES)
      .where('is_test', '=', 0)
      .$if(period.from !== undefined, (qb) => qb.where('created_at', '>=', period.from as number))
      .$if(period.to !== undefined, (qb) => qb.where('created_at', '<', period.to as number))
      .groupBy('proxy_id')
      .execute(),
    db
      .selectFrom('balance_logs')
      .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('total')])
      .where('user_id', 'in', proxyIds)
      .where('type', '=', FUND_TYPE.commission)
      .$if(period.from !== undefined, (qb) => qb.where('created_at', '>=', period.from as number))
      .$if(period.to !== undefined, (qb) => qb.where('created_at', '<', period.to as number))
      .groupBy('user_id')
      .execute(),
  ]);
  const figures = new Map(proxyIds.map((id) => [id, { labels: 0, commission: 0 }]));
  for (const row of labels)
    if (row.proxy_id !== null) (figures.get(row.proxy_id) as { labels: number }).labels = Number(row.n);
  for (const row of commission)
    (figures.get(row.user_id) as { commission: number }).commission = Number(row.total ?? 0);
  return figures;
}

/**
 * Per customer of the proxy: the labels bought through it in the period and still paid for, what they
 * cost the customer (price and insurance) and the commission kept on them.
 */
export async function proxyCustomerFigures(db: Db, proxyId: number, customerIds: readonly number[], period: Period) {
  if (customerIds.length === 0) return new Map<number, { labels: number; spend: number; commission: number }>();
  const rows = await db
    .selectFrom('orders')
    .select((eb) => [
      'user_id',
      eb.fn.countAll<number>().as('labels'),
      eb.fn.sum<number>(eb(eb.fn.coalesce('rate', eb.lit(0)), '+', eb.ref('insurance_fee'))).as('spend'),
      eb.fn.sum<number>('commission').as('commission'),
    ])
    .where('proxy_id', '=', proxyId)
    .where('user_id', 'in', customerIds)
    .where('status', 'in', LABEL_PAID_STATUSES)
    .where('is_test', '=', 0)
    .$if(period.from !== undefined, (qb) => qb.where('created_at', '>=', period.from as number))
    .$if(period.to !== undefined, (qb) => qb.where('created_at', '<', period.to as number))
    .groupBy('user_id')
    .execute();
  return new Map(
    rows.map((row) => [
      row.user_id,
      { labels: Number(row.labels), spend: Number(row.spend ?? 0), commission: Number(row.commission ?? 0) },
    ]),
  );
}

/** Within the period: the orders of these accounts whose live labels are still paid for (no test label). */
function paidLabelsOf(db: Db, userIds: readonly number[], period: Period) {
  return db
    .selectFrom('orders')
    .where('orders.user_id', 'in', userIds)
    .where('orders.status', 'in', LABEL_PAID_STATUSES)
    .where('orders.is_test', '=', 0)
    .$if(period.from !== undefined, (qb) => qb.where('orders.created_at', '>=', period.from as number))
    .$if(period.to !== undefined, (qb) => qb.where('orders.created_at', '<', period.to as number));
}

/**
 * Per overseas-warehouse account: its sender addresses, and in the period its labels still paid for, what
 * they cost (price and insurance) and how many distinct senders (the merchants it shipped for) they name.
 */
export async function warehouseFigures(db: Db, userIds: readonly number[], period: Period) {
  const figures = new Map(userIds.map((id) => [id, { senderAddresses: 0, labels: 0, spend: 0, merchants: 0 }]));
  if (userIds.length === 0) return figures;
  const [addresses, labels] = await Promise.all([
    db
      .selectFrom('address_book')
      .select(['user_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('user_id', 'in', userIds)
      .groupBy('user_id')
      .execute(),
    paidLabelsOf(db, userIds, period)
      .select((eb) => [
        'orders.user_id',
        eb.fn.countAll<number>().as('labels'),
        eb.fn
          .sum<number>(eb(eb.fn.coalesce('orders.rate', eb.lit(0)), '+', eb.ref('orders.insurance_fee')))
          .as('spend'),
        eb.fn.count<number>('orders.from_name').distinct().as('merchants'),
      ])
      .groupBy('orders.user_id')
      .execute(),
  ]);
  for (const row of addresses) {
    const figure = figures.get(row.user_id);
    if (figure) figure.senderAddresses = Number(row.n);
  }
  for (const row of labels) {
    const figure = figures.get(row.user_id);
    if (!figure) continue;
    figure.labels = Number(row.labels);
    figure.spend = Number(row.spend ?? 0);
    figure.merchants = Number(row.merchants);
  }
  return figures;
}

/** The senders (merchants) on a warehouse's labels in the period, most labels first, 200 at most. */
export function warehouseMerchants(db: Db, userId: number, period: Period) {
  return paidLabelsOf(db, [userId], period)
    .select((eb) => [
      'orders.from_name',
      eb.fn.countAll<number>().as('labels'),
      eb.fn.sum<number>(eb(eb.fn.coalesce('orders.rate', eb.lit(0)), '+', eb.ref('orders.insurance_fee'))).as('spend'),
      eb.fn.max<number>('orders.created_at').as('last_label_at'),
    ])
    .groupBy('orders.from_name')
    .orderBy('labels', 'desc')
    .orderBy('orders.from_name')
    .limit(200)
    .execute();
}

/** Proxies (one page, newest first) with their markup and customers' count, and how many match. */
export async function proxyPage(
  db: Db,
  scope: Scope,
  query: { page: number; pageSize: number; keyword?: string | undefined },
) {
  const base = roleHolders(db, scope, ROLE.proxy, query.keyword);
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        'users.id',
        'users.username',
        'users.name',
        'users.company',
        'users.status',
        'users.invitation_code',
        'users.proxy_percent_bp',
        'users.proxy_fixed_cents',
        ownedCustomers(eb),
      ])
      .orderBy('users.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}
