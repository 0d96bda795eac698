import { ENABLED_STATUS, type EnabledStatus, formatCents } from '@parcelport/shared';
import { invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { accountInScope, whereAccountInScope } from '../../scope/accounts.ts';

/** A price rule as saved: percent in basis points, fixed in cents (the contract's body, parsed). */
export interface RuleInput {
  id?: number;
  name: string;
  channelId: number | null;
  serviceId: number | null;
  percent: number;
  fixed: number;
  isDefault: boolean;
  status: EnabledStatus;
}

/** Price rules (one, or all) with the users within the scope they apply to. */
export async function listRulesWithUsers(db: Db, scope: Scope, id?: number) {
  const [rules, relations] = await Promise.all([
    db
      .selectFrom('price_rules')
      .selectAll()
      .$if(id !== undefined, (qb) => qb.where('id', '=', id as number))
      .orderBy('id')
      .execute(),
    db
      .selectFrom('user_price_rules')
      .innerJoin('users', 'users.id', 'user_price_rules.user_id')
      .select(['user_price_rules.rule_id', 'users.id', 'users.username'])
      .$call((qb) => whereAccountInScope(qb, 'users.id', scope))
      .execute(),
  ]);
  if (id !== undefined && rules.length === 0) throw notFound('ruleNotFound');
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    channelId: rule.channel_id,
    serviceId: rule.service_id,
    percent: (rule.percent_bp / 100).toFixed(2),
    fixed: formatCents(rule.fixed_cents),
    isDefault: rule.is_default === 1,
    status: rule.status,
    updatedAt: isoTime(rule.updated_at),
    users: relations.filter((r) => r.rule_id === rule.id).map((r) => ({ id: r.id, username: r.username })),
  }));
}

/** Creates a rule, or changes the one `input.id` names; a service must exist (and be the channel's, if one is given). */
export async function saveRule(db: Db, input: RuleInput): Promise<number> {
  const { id, name, channelId, serviceId, percent, fixed, isDefault, status } = input;
  if (serviceId !== null) {
    const service = await db
      .selectFrom('carrier_services')
      .select('channel_id')
      .where('id', '=', serviceId)
      .executeTakeFirst();
    if (!service) throw invalidFields({ serviceId: 'serviceNotFound' });
    if (channelId !== null && service.channel_id !== channelId) throw invalidFields({ serviceId: 'serviceNotFound' });
  }
  const values = {
    name,
    channel_id: channelId,
    service_id: serviceId,
    percent_bp: percent,
    fixed_cents: fixed,
    is_default: isDefault ? 1 : 0,
    status,
    updated_at: Date.now(),
  };
  if (id) {
    const result = await db.updateTable('price_rules').set(values).where('id', '=', id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw notFound('ruleNotFound');
    return id;
  }
  const row = await db
    .insertInto('price_rules')
    .values({ ...values, created_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Applies a rule to an account within the scope (again is no change). */
export async function relateUser(db: Db, scope: Scope, userId: number, ruleId: number): Promise<void> {
  await accountInScope(db, scope, userId);
  const rule = await db.selectFrom('price_rules').select('id').where('id', '=', ruleId).executeTakeFirst();
  if (!rule) throw invalidFields({ ruleId: 'ruleNotFound' });
  await db
    .insertInto('user_price_rules')
    .values({ user_id: userId, rule_id: ruleId })
    .onConflict((oc) => oc.columns(['user_id', 'rule_id']).doNothing())
    .execute();
}

/** Stops applying a rule to an account within the scope. */
export async function unrelateUser(db: Db, scope: Scope, userId: number, ruleId: number): Promise<void> {
  await accountInScope(db, scope, userId);
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
