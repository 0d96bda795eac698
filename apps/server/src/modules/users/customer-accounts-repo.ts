/**
 * The `users` rows behind customers in full, sellers, proxies and overseas-warehouse accounts (issue 13):
 * staff's edits of a customer, its soft deletion, the accounts holding a role, a proxy's markup.
 */
import { ACCOUNT_STATUS, ROLE, type RoleCode } from '@parcelport/shared';
import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { Family } from '../../scope/accounts.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

type UsersEb = ExpressionBuilder<Database, 'users'>;

/** The account holds the role. */
export const holdsRole = (role: RoleCode) => (eb: UsersEb) =>
  eb.exists(
    eb
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('user_roles.user_id')
      .whereRef('user_roles.user_id', '=', 'users.id')
      .where('roles.code', '=', role),
  );

/** A part of the account name, name or company, any case. */
export const matchesKeyword = (keyword: string) => (eb: UsersEb) => {
  const like = `%${keyword.trim().toLowerCase()}%`;
  return eb.or([
    eb(eb.fn('lower', ['users.username']), 'like', like),
    eb(eb.fn('lower', ['users.name']), 'like', like),
    eb(eb.fn('lower', ['users.company']), 'like', like),
  ]);
};

/**
 * Sellers and proxies own accounts but are not owned by themselves: with a limited scope (a seller's or a
 * proxy's own call) a list of such accounts holds the caller only; platform-wide staff see every one.
 */
export function whereSelfOrAll<QB extends SelectQueryBuilder<Database, 'users', object>>(qb: QB, scope: Scope): QB {
  const self = scope.ownerId ?? scope.userId;
  return self === undefined ? qb : (qb.where('users.id', '=', self) as QB);
}

/** The profile (and, on a customer, the settings) staff change on an account, in the caller's transaction. */
export async function setAccountFields(
  db: Db,
  id: number,
  fields: {
    firstName: string;
    lastName: string;
    nickName: string;
    company: string;
    phone: string;
    wechat: string;
    memberType?: number | undefined;
    certification?: number | undefined;
    ownerId?: number | null | undefined;
  },
): Promise<void> {
  await db
    .updateTable('users')
    .set({
      first_name: fields.firstName,
      last_name: fields.lastName,
      name: `${fields.firstName} ${fields.lastName}`,
      nick_name: fields.nickName,
      company: fields.company,
      phone: fields.phone,
      wechat: fields.wechat,
      ...(fields.memberType !== undefined ? { member_type: fields.memberType } : {}),
      ...(fields.certification !== undefined ? { certification: fields.certification } : {}),
      ...(fields.ownerId !== undefined ? { owner_id: fields.ownerId } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Deletes an account softly: disabled, its invitation code given up, marked deleted; the row stays so its
 * orders, ledger and logs keep naming it. False when it was deleted meanwhile.
 */
export async function markAccountDeleted(db: Db, id: number): Promise<boolean> {
  const now = Date.now();
  const result = await db
    .updateTable('users')
    .set({ status: ACCOUNT_STATUS.disabled, invitation_code: null, deleted_at: now, updated_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many accounts (not deleted) are registered under the owner. */
export async function countOwnedAccounts(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether the account may own customers: not deleted, holding the seller or the proxy role. */
export async function isSellerOrProxy(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([holdsRole(ROLE.seller)(eb), holdsRole(ROLE.proxy)(eb)]))
    .executeTakeFirst();
  return row !== undefined;
}

/** What a picker shows of an account. */
const PICKED_ACCOUNT = [
  'users.id',
  'users.username',
  'users.name',
  'users.company',
  'users.kind',
  'users.status',
] as const;

/**
 * Accounts for a picker: of these kinds, in scope, by account name; deleted ones left out unless `withDeleted`
 * (the staff order lists' picker: a deleted account's orders stay in the lists).
 */
export function pickAccounts(
  db: Db,
  scope: Scope,
  kinds: Family[],
  keyword: string | undefined,
  limit: number,
  withDeleted = false,
) {
  return db
    .selectFrom('users')
    .select([...PICKED_ACCOUNT, 'users.deleted_at'])
    .where('users.kind', 'in', kinds)
    .$if(!withDeleted, (qb) => qb.where('users.deleted_at', 'is', null))
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .$if(Boolean(keyword), (qb) => qb.where(matchesKeyword(keyword as string)))
    .orderBy('users.username')
    .limit(limit)
    .execute();
}

/**
 * The customers in scope allotted a channel (enabled) with an enabled carrier service of this code, each
 * with those channels.
 */
export async function customersAllottedService(db: Db, scope: Scope, serviceCode: string, channelId?: number) {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_channels', 'user_channels.user_id', 'users.id')
    .innerJoin('channels', 'channels.id', 'user_channels.channel_id')
    .innerJoin('carrier_services', 'carrier_services.channel_id', 'channels.id')
    .select([...PICKED_ACCOUNT, 'channels.id as channel_id', 'channels.name as channel_name'])
    .where('users.kind', '=', 'customer')
    .where('users.deleted_at', 'is', null)
    .where('carrier_services.code', '=', serviceCode)
    .where('carrier_services.status', '=', 1)
    .where('channels.status', '=', 1)
    .$if(channelId !== undefined, (qb) => qb.where('channels.id', '=', channelId as number))
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .orderBy('users.username')
    .orderBy('channels.id')
    .execute();
  const byUser = new Map<number, (typeof rows)[number] & { channels: { id: number; name: string }[] }>();
  for (const row of rows) {
    const user = byUser.get(row.id) ?? { ...row, channels: [] };
    if (!user.channels.some((channel) => channel.id === row.channel_id))
      user.channels.push({ id: row.channel_id, name: row.channel_name });
    byUser.set(row.id, user);
  }
  return [...byUser.values()].map(({ channel_id: _id, channel_name: _name, ...user }) => user);
}

/** Accounts holding a role, not deleted, that a limited scope sees only itself of; newest first. */
export function roleHolders(db: Db, scope: Scope, role: RoleCode, keyword?: string) {
  return db
    .selectFrom('users')
    .where('users.deleted_at', 'is', null)
    .where(holdsRole(role))
    .$call((qb) => whereSelfOrAll(qb, scope))
    .$if(Boolean(keyword), (qb) => qb.where(matchesKeyword(keyword as string)));
}

/** How many live customers the account of the query's `users` row owns, as its column `customers`. */
export const ownedCustomers = (eb: ExpressionBuilder<Database, 'users'>) =>
  eb
    .selectFrom('users as customers')
    .select((inner) => inner.fn.countAll<number>().as('n'))
    .whereRef('customers.owner_id', '=', 'users.id')
    .where('customers.deleted_at', 'is', null)
    .as('customers');

/** Sellers (one page) with their customers' count. */
export async function sellerPage(db: Db, scope: Scope, filter: { page: number; pageSize: number; keyword?: string }) {
  const query = roleHolders(db, scope, ROLE.seller, filter.keyword);
  const [rows, count] = await Promise.all([
    query
      .select((eb) => [
        'users.id',
        'users.username',
        'users.name',
        'users.status',
        'users.invitation_code',
        'users.created_at',
        ownedCustomers(eb),
      ])
      .orderBy('users.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Every seller in scope (id, account, name), by account name. */
export function allSellers(db: Db, scope: Scope) {
  return roleHolders(db, scope, ROLE.seller)
    .select(['users.id', 'users.username', 'users.name'])
    .orderBy('users.username')
    .execute();
}

/** The proxy, if the account holds the role, is not deleted and the scope reaches it (itself, or any). */
export function proxyInScope(db: Db, scope: Scope, id: number) {
  return roleHolders(db, scope, ROLE.proxy).selectAll('users').where('users.id', '=', id).executeTakeFirst();
}

/** A proxy's markup on the platform's price. */
export interface ProxyMarkup {
  proxyId: number;
  percentBp: number;
  fixedCents: number;
}

/** The markup of the proxy that owns the customer (holding the proxy role), if it is a proxy's customer. */
export async function proxyOfCustomer(db: Db, customerId: number): Promise<ProxyMarkup | undefined> {
  const row = await db
    .selectFrom('users as customer')
    .innerJoin('users', 'users.id', 'customer.owner_id')
    .select(['users.id', 'users.proxy_percent_bp', 'users.proxy_fixed_cents'])
    .where('customer.id', '=', customerId)
    .where(holdsRole(ROLE.proxy))
    .executeTakeFirst();
  return row && { proxyId: row.id, percentBp: row.proxy_percent_bp, fixedCents: row.proxy_fixed_cents };
}

/** The proxy's markup as set, whatever its roles now (a bill settles an order at its own proxy's markup). */
export async function markupOfProxy(db: Db, proxyId: number): Promise<ProxyMarkup> {
  const row = await db
    .selectFrom('users')
    .select(['proxy_percent_bp', 'proxy_fixed_cents'])
    .where('id', '=', proxyId)
    .executeTakeFirst();
  return { proxyId, percentBp: row?.proxy_percent_bp ?? 0, fixedCents: row?.proxy_fixed_cents ?? 0 };
}

export async function setProxyMarkup(db: Db, id: number, percentBp: number, fixedCents: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ proxy_percent_bp: percentBp, proxy_fixed_cents: fixedCents, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

/** Overseas-warehouse accounts (holding that role, not deleted) the scope reaches: any, or those under the owner. */
export function warehouseAccounts(db: Db, scope: Scope, keyword?: string) {
  return db
    .selectFrom('users')
    .where('users.deleted_at', 'is', null)
    .where(holdsRole(ROLE.overseasWarehouse))
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .$if(Boolean(keyword), (qb) => qb.where(matchesKeyword(keyword as string)));
}
