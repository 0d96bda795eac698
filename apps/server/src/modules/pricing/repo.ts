/** The price rules and the accounts they apply to (`price_rules`, `user_price_rules`). */
import { ENABLED_STATUS } from '@parcelport/shared';
import type { Insertable, Updateable } from 'kysely';
import type { Scope } from '../../core/scope.ts';
import type { Db } from '../../db/index.ts';
import type { PriceRulesTable } from '../../db/schema.ts';
import { whereAccountInScope } from '../../scope/accounts-repo.ts';

/** The price rules (the one `id` names, or all), by id. */
export function priceRules(db: Db, id?: number) {
  return db
    .selectFrom('price_rules')
    .selectAll()
    .$if(id !== undefined, (qb) => qb.where('id', '=', id as number))
    .orderBy('id')
    .execute();
}

/** Which accounts within the scope each rule applies to (rule id, account id and name). */
export function ruleUsersInScope(db: Db, scope: Scope) {
  return db
    .selectFrom('user_price_rules')
    .innerJoin('users', 'users.id', 'user_price_rules.user_id')
    .select(['user_price_rules.rule_id', 'users.id', 'users.username'])
    .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
    .execute();
}

/** The channel of a carrier service, or undefined for no such service. */
export function channelOfService(db: Db, serviceId: number) {
  return db.selectFrom('carrier_services').select('channel_id').where('id', '=', serviceId).executeTakeFirst();
}

/** Changes a rule; false when there is no such rule. */
export async function updatePriceRule(db: Db, id: number, values: Updateable<PriceRulesTable>): Promise<boolean> {
  const result = await db.updateTable('price_rules').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) !== 0;
}

/** Creates a rule; answers its id. */
export async function insertPriceRule(db: Db, values: Insertable<PriceRulesTable>): Promise<number> {
  const row = await db.insertInto('price_rules').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Creates a default rule: one that prices every account's labels (the demo channels' markup). */
export async function insertDefaultPriceRule(
  db: Db,
  rule: { name: string; percentBp: number; fixedCents: number },
  now: number,
): Promise<void> {
  await db
    .insertInto('price_rules')
    .values({
      name: rule.name,
      percent_bp: rule.percentBp,
      fixed_cents: rule.fixedCents,
      is_default: 1,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function priceRuleExists(db: Db, ruleId: number): Promise<boolean> {
  const rule = await db.selectFrom('price_rules').select('id').where('id', '=', ruleId).executeTakeFirst();
  return rule !== undefined;
}

/** Applies the rule to the account (again is no change). */
export async function insertUserPriceRule(db: Db, userId: number, ruleId: number): Promise<void> {
  await db
    .insertInto('user_price_rules')
    .values({ user_id: userId, rule_id: ruleId })
    .onConflict((oc) => oc.columns(['user_id', 'rule_id']).doNothing())
    .execute();
}

/** Stops applying the rule to the account. */
export async function deleteUserPriceRule(db: Db, userId: number, ruleId: number): Promise<void> {
  await db.deleteFrom('user_price_rules').where('user_id', '=', userId).where('rule_id', '=', ruleId).execute();
}

/** The enabled rules that may price a user's labels: every default rule, and the rules related to the user. */
export function rulesForUser(db: Db, userId: number) {
  return db
    .selectFrom('price_rules')
    .leftJoin('user_price_rules', (join) =>
      join.onRef('user_price_rules.rule_id', '=', 'price_rules.id').on('user_price_rules.user_id', '=', userId),
    )
    .select([
      'price_rules.id',
      'price_rules.channel_id',
      'price_rules.service_id',
      'price_rules.percent_bp',
      'price_rules.fixed_cents',
      'price_rules.is_default',
      'user_price_rules.user_id',
    ])
    .where('price_rules.status', '=', ENABLED_STATUS.enabled)
    .where((eb) => eb.or([eb('price_rules.is_default', '=', 1), eb('user_price_rules.user_id', '=', userId)]))
    .execute();
}
