import { type EnabledStatus, formatCents } from '@parcelport/shared';
import { invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { accountInScope } from '../../scope/accounts.ts';
import {
  channelOfService,
  deleteUserPriceRule,
  insertPriceRule,
  insertUserPriceRule,
  priceRuleExists,
  priceRules,
  ruleUsersInScope,
  updatePriceRule,
} from './repo.ts';

/** A price rule as saved: percent in basis points, fixed in cents. */
interface RuleFields {
  name: string;
  channelId: number | null;
  serviceId: number | null;
  percent: number;
  fixed: number;
  isDefault: boolean;
  status: EnabledStatus;
}

/** The contract's body, parsed: a new rule (no `id`), or changes to the rule `id` names. */
export type RuleInput = Partial<RuleFields> & { id?: number };

/** What a new rule's fields left out take: every channel and service, no markup, not a default, enabled. */
const NEW_RULE: Omit<RuleFields, 'name'> = {
  channelId: null,
  serviceId: null,
  percent: 0,
  fixed: 0,
  isDefault: false,
  status: 1,
};

/** Price rules (one, or all) with the users within the scope they apply to. */
export async function listRulesWithUsers(db: Db, scope: Scope, id?: number) {
  const [rules, relations] = await Promise.all([priceRules(db, id), ruleUsersInScope(db, scope)]);
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

/**
 * Creates a rule, or changes the one `input.id` names (a field left out stays as it is); a service must
 * exist (and be the channel's, if one is given).
 */
export async function saveRule(db: Db, input: RuleInput): Promise<number> {
  const { id, ...changes } = input;
  const current = id === undefined ? undefined : (await priceRules(db, id))[0];
  if (id !== undefined && !current) throw notFound('ruleNotFound');
  const rule = { ...(current ? fieldsOf(current) : NEW_RULE), ...changes };
  const { name, channelId, serviceId, percent, fixed, isDefault, status } = rule;
  if (name === undefined) throw invalidFields({ name: 'fieldRequired' });
  if (serviceId !== null) {
    const service = await channelOfService(db, serviceId);
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
  if (id !== undefined) {
    if (!(await updatePriceRule(db, id, values))) throw notFound('ruleNotFound');
    return id;
  }
  return insertPriceRule(db, { ...values, created_at: Date.now() });
}

function fieldsOf(row: Awaited<ReturnType<typeof priceRules>>[number]): RuleFields {
  return {
    name: row.name,
    channelId: row.channel_id,
    serviceId: row.service_id,
    percent: row.percent_bp,
    fixed: row.fixed_cents,
    isDefault: row.is_default === 1,
    status: row.status as EnabledStatus,
  };
}

/** Applies a rule to an account within the scope (again is no change). */
export async function relateUser(db: Db, scope: Scope, userId: number, ruleId: number): Promise<void> {
  await accountInScope(db, scope, userId);
  if (!(await priceRuleExists(db, ruleId))) throw invalidFields({ ruleId: 'ruleNotFound' });
  await insertUserPriceRule(db, userId, ruleId);
}

/** Stops applying a rule to an account within the scope. */
export async function unrelateUser(db: Db, scope: Scope, userId: number, ruleId: number): Promise<void> {
  await accountInScope(db, scope, userId);
  await deleteUserPriceRule(db, userId, ruleId);
}
