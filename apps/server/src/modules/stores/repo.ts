/** The stores' SQL: connections, their orders and what became of each, the lists merchants and staff read. */
import type { StorePlatform, StoreStatus } from '@parcelport/shared/contracts/stores/index';
import type { Insertable, Selectable, Updateable, UpdateObject } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { Database, StoreOrdersTable, StoresTable } from '../../db/schema.ts';

export type StoreRow = Selectable<StoresTable>;
export type StoreOrderRow = Selectable<StoreOrdersTable>;

export async function insertStore(
  db: Db,
  store: { userId: number; platform: StorePlatform; name: string; account: string; status: StoreStatus },
  extra: Omit<Updateable<StoresTable>, 'id'> = {},
): Promise<number> {
  const now = Date.now();
  const { id } = await db
    .insertInto('stores')
    .values({
      user_id: store.userId,
      platform: store.platform,
      name: store.name,
      account: store.account,
      status: store.status,
      created_at: now,
      updated_at: now,
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(id);
}

export async function updateStore(db: Db, id: number, changes: Omit<Updateable<StoresTable>, 'id'>): Promise<void> {
  await db
    .updateTable('stores')
    .set({ ...changes, updated_at: Date.now() })
    .where('id', '=', id)
    .execute();
}

export function storeById(db: Db, id: number): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
}

export function ownStore(db: Db, userId: number, id: number): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The store connected (or being connected) at `account` on `platform`, whoever's it is. */
export function liveStoreAt(db: Db, platform: StorePlatform, account: string): Promise<StoreRow | undefined> {
  return db
    .selectFrom('stores')
    .selectAll()
    .where('platform', '=', platform)
    .where('account', '=', account)
    .where('status', '!=', 'disconnected')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export function storeByOauthState(db: Db, state: string): Promise<StoreRow | undefined> {
  return db.selectFrom('stores').selectAll().where('oauth_state', '=', state).executeTakeFirst();
}

/** How a kept error of an incomplete draft begins (errorText writes the key first): what the counts tell apart. */
const INCOMPLETE_PREFIX = '{"key":"storeDraftIncomplete"';

interface OrderCounts {
  imported: number;
  incomplete: number;
  failing: number;
}

/**
 * Per store: orders imported, drafts still lacking fields, and orders failing (not imported, or their push
 * back failed). A draft to complete is not a failure: the two never overlap (docs/stores.md "Sync").
 */
async function orderCounts(db: Db, storeIds: readonly number[]) {
  if (storeIds.length === 0) return new Map<number, OrderCounts>();
  const rows = await db
    .selectFrom('store_orders')
    .select((eb) => {
      const incomplete = eb('error', 'like', `${INCOMPLETE_PREFIX}%`);
      return [
        'store_id',
        eb.fn.count<number>('order_id').as('imported'),
        eb.fn.count<number>(eb.case().when(incomplete).then(1).end()).as('incomplete'),
        eb.fn.count<number>(eb.case().when(eb.not(incomplete)).then(1).end()).as('failing'),
      ];
    })
    .where('store_id', 'in', storeIds)
    .groupBy('store_id')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.store_id),
      { imported: Number(row.imported), incomplete: Number(row.incomplete), failing: Number(row.failing) },
    ]),
  );
}

export type CountedStore = StoreRow & OrderCounts;

async function withCounts<R extends StoreRow>(db: Db, rows: R[]): Promise<(R & OrderCounts)[]> {
  const counts = await orderCounts(
    db,
    rows.map((row) => Number(row.id)),
  );
  return rows.map((row) => ({ ...row, ...(counts.get(Number(row.id)) ?? { imported: 0, incomplete: 0, failing: 0 }) }));
}

export async function storesOf(db: Db, userId: number): Promise<CountedStore[]> {
  const rows = await db.selectFrom('stores').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  return withCounts(db, rows);
}

export interface StaffStoreFilter {
  page: number;
  pageSize: number;
  keyword?: string | undefined;
  platform?: StorePlatform | undefined;
  status?: StoreStatus | undefined;
}

/** Every store within the caller's scope (a seller: its customers'), with its owner. */
export async function staffStores(db: Db, scope: Scope, filter: StaffStoreFilter) {
  const keyword = filter.keyword ? `%${filter.keyword.toLowerCase()}%` : undefined;
  const base = db
    .selectFrom('stores')
    .innerJoin('users', 'users.id', 'stores.user_id')
    .$if(scope.userId !== undefined, (qb) => qb.where('stores.user_id', '=', scope.userId as number))
    .$if(scope.ownerId !== undefined, (qb) => qb.where('users.owner_id', '=', scope.ownerId as number))
    .$if(filter.platform !== undefined, (qb) => qb.where('stores.platform', '=', filter.platform as string))
    .$if(filter.status !== undefined, (qb) => qb.where('stores.status', '=', filter.status as string))
    .$if(keyword !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb(eb.fn('lower', ['stores.name']), 'like', keyword as string),
          eb(eb.fn('lower', ['stores.account']), 'like', keyword as string),
          eb(eb.fn('lower', ['users.email']), 'like', keyword as string),
          eb(eb.fn('lower', ['users.name']), 'like', keyword as string),
        ]),
      ),
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll('stores')
      .select(['users.email as user_email', 'users.name as user_name'])
      .orderBy('stores.id', 'desc')
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows: await withCounts(db, rows), total: Number(count.total) };
}

export function storeOrderOf(db: Db, storeId: number, externalId: string): Promise<StoreOrderRow | undefined> {
  return db
    .selectFrom('store_orders')
    .selectAll()
    .where('store_id', '=', storeId)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
}

export async function storeOrdersPage(
  db: Db,
  storeId: number,
  query: { page: number; pageSize: number; failingOnly?: boolean | undefined },
) {
  const base = db
    .selectFrom('store_orders')
    .where('store_orders.store_id', '=', storeId)
    .$if(Boolean(query.failingOnly), (qb) => qb.where('store_orders.error', 'is not', null));
  const [rows, count] = await Promise.all([
    base
      .leftJoin('orders', 'orders.id', 'store_orders.order_id')
      .selectAll('store_orders')
      .select(['orders.order_no', 'orders.tracking_no', 'orders.status as order_status'])
      .orderBy('store_orders.id', 'desc')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Changes store order `id`. */
export async function setStoreOrder(
  db: Db,
  id: number,
  changes: UpdateObject<Database, 'store_orders'>,
): Promise<void> {
  await db.updateTable('store_orders').set(changes).where('id', '=', id).execute();
}

/** Adds the row of a store order brought in. */
export async function insertStoreOrder(db: Db, row: Insertable<StoreOrdersTable>): Promise<void> {
  await db.insertInto('store_orders').values(row).execute();
}

/** Adds the row of a store order that could not be brought in, or rewrites it when it arrived meanwhile. */
export async function keepStoreOrderFailure(
  db: Db,
  row: Omit<Insertable<StoreOrdersTable>, 'store_id' | 'external_id' | 'created_at'>,
  key: { store_id: number; external_id: string; created_at: number },
): Promise<void> {
  await db
    .insertInto('store_orders')
    .values({ ...row, ...key })
    .onConflict((oc) => oc.columns(['store_id', 'external_id']).doUpdateSet(row))
    .execute();
}

/** The merchant's first package template by name: the size a store's draft starts with. */
export function firstPackageTemplate(db: Db, userId: number) {
  return db
    .selectFrom('package_templates')
    .select(['length', 'width', 'height', 'weight', 'unit'])
    .where('user_id', '=', userId)
    .orderBy('name')
    .limit(1)
    .executeTakeFirst();
}
