/** A merchant's rules as rows (issue 30), the only writer of `order_rules`; and what the rules' checks and dry run read. */
import type { RuleBody } from '@parcelport/shared/contracts/rules/index';
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { deleteOwnRows } from '../../db/own-rows.ts';
import type { OrderRulesTable } from '../../db/schema.ts';
import type { RuleDef } from './engine.ts';

export type RuleRow = Selectable<OrderRulesTable>;

export function ruleDefOf(row: RuleRow): RuleDef {
  return {
    id: row.id,
    name: row.name,
    matchMode: row.match_mode as RuleDef['matchMode'],
    conditions: JSON.parse(row.conditions) as RuleDef['conditions'],
    actions: JSON.parse(row.actions) as RuleDef['actions'],
  };
}

export function rulesOf(db: Db, userId: number): Promise<RuleRow[]> {
  return db
    .selectFrom('order_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('position')
    .orderBy('id')
    .execute();
}

/** The merchant's active rules in the order they run. */
export async function activeRulesOf(db: Db, userId: number): Promise<RuleDef[]> {
  const rows = await db
    .selectFrom('order_rules')
    .selectAll()
    .where('user_id', '=', userId)
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(ruleDefOf);
}

const columnsOf = (rule: RuleBody) => ({
  name: rule.name,
  match_mode: rule.matchMode,
  conditions: JSON.stringify(rule.conditions),
  actions: JSON.stringify(rule.actions),
});

/** A new rule, inactive, at the end of the list. */
export async function insertRule(db: Db, userId: number, rule: RuleBody): Promise<RuleRow> {
  const now = Date.now();
  const last = await db
    .selectFrom('order_rules')
    .select((eb) => eb.fn.max('position').as('position'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return db
    .insertInto('order_rules')
    .values({
      ...columnsOf(rule),
      user_id: userId,
      position: Number(last?.position ?? 0) + 1,
      active: 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateRule(
  db: Db,
  userId: number,
  id: number,
  change: { rule?: RuleBody; active?: boolean },
): Promise<RuleRow> {
  const row = await db
    .updateTable('order_rules')
    .set({
      ...(change.rule ? columnsOf(change.rule) : {}),
      ...(change.active !== undefined ? { active: change.active ? 1 : 0 } : {}),
      updated_at: Date.now(),
    })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw notFound();
  return row;
}

/** Numbers the rules 1… in the order given (every rule of the merchant, checked by the caller). */
export async function setPositions(db: Db, userId: number, ids: readonly number[]): Promise<void> {
  for (const [index, id] of ids.entries())
    await db
      .updateTable('order_rules')
      .set({ position: index + 1 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .execute();
}

export const deleteRules = (db: Db, userId: number, ids: number[]): Promise<number> =>
  deleteOwnRows(db, 'order_rules', userId, ids);

/** The merchant's last `limit` outbound (label) orders, newest first: what a dry run reads. */
export function lastLabelOrders(db: Db, userId: number, limit: number, test?: boolean) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'label')
    .$if(test !== undefined, (qb) => qb.where('is_test', '=', test ? 1 : 0))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The store each of the orders `ids` arrived from (orders made by hand have no row). */
export function storesOfOrders(db: Db, ids: readonly number[]) {
  return db.selectFrom('store_orders').select(['order_id', 'store_id']).where('order_id', 'in', ids).execute();
}

/** Which of the stores `ids` are the merchant's. */
export function ownStores(db: Db, userId: number, ids: readonly number[]) {
  return db.selectFrom('stores').select('id').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** The merchant's tags, id and name. */
export function tagsOfMerchant(db: Db, userId: number) {
  return db.selectFrom('tags').select(['id', 'name']).where('user_id', '=', userId).execute();
}
