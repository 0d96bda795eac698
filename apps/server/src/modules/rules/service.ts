/**
 * A merchant's rules (issue 30): saving one checks that what it names is the merchant's (its templates,
 * tags, stores, and services allotted to it); the dry run reads the last orders and answers what one rule
 * would change on each, writing nothing.
 */
import { formatCents } from '@parcelport/shared';
import type { RuleBody, RuleField, RuleView } from '@parcelport/shared/contracts/rules/index';
import { invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { templatesByIds } from '../address-book/index.ts';
import { allottedServices } from '../channels/index.ts';
import { parseAddress } from '../orders/index.ts';
import { checkOwnTags, tagsOfOrders } from '../tags/index.ts';
import { applyOutcome, factsOfInput } from './arrival.ts';
import { evaluate, matches, type RuleDef } from './engine.ts';
import { lastOrdersOf } from './orders-read.ts';
import {
  deleteRules as deleteRuleRows,
  insertRule,
  ownStores,
  type RuleRow,
  ruleDefOf,
  rulesOf,
  setPositions,
  tagsOfMerchant,
  updateRule,
} from './repo.ts';

export function ruleViewOf(row: RuleRow): RuleView {
  const def = ruleDefOf(row);
  const { totalMin, totalMax, ...conditions } = def.conditions;
  const { insurance, ...actions } = def.actions;
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    active: row.active === 1,
    matchMode: def.matchMode,
    conditions: {
      ...conditions,
      ...(totalMin !== undefined ? { totalMin: formatCents(totalMin) } : {}),
      ...(totalMax !== undefined ? { totalMax: formatCents(totalMax) } : {}),
    },
    actions: { ...actions, ...(insurance !== undefined ? { insurance: formatCents(insurance) } : {}) },
    updatedAt: isoTime(row.updated_at) as string,
  };
}

/** Refuses (400 naming the field) a template, service, tag or store the merchant does not have. */
async function checkNames(db: Db, userId: number, rule: RuleBody): Promise<void> {
  const { actions, conditions } = rule;
  if (actions.packageTemplateId !== undefined) {
    const found = await templatesByIds(db, userId, [actions.packageTemplateId]);
    if (found.size === 0) throw invalidFields({ 'actions.packageTemplateId': 'templateNotFound' });
  }
  if (actions.serviceId !== undefined) {
    const found = await allottedServices(db, userId, [actions.serviceId]);
    if (found.length === 0) throw invalidFields({ 'actions.serviceId': 'serviceNotFound' });
  }
  await checkOwnTags(db, userId, actions.addTagIds ?? [], 'actions.addTagIds');
  await checkOwnTags(db, userId, conditions.tagIds ?? [], 'conditions.tagIds');
  if (conditions.storeIds) {
    const stores = await ownStores(db, userId, conditions.storeIds);
    if (stores.length !== new Set(conditions.storeIds).size)
      throw invalidFields({ 'conditions.storeIds': 'storeNotFound' });
  }
}

export async function listRuleViews(db: Db, userId: number): Promise<RuleView[]> {
  return (await rulesOf(db, userId)).map(ruleViewOf);
}

export async function createRule(db: Db, userId: number, rule: RuleBody): Promise<RuleView> {
  return db.transaction().execute(async (trx) => {
    await checkNames(trx, userId, rule);
    return ruleViewOf(await insertRule(trx, userId, rule));
  });
}

export async function rewriteRule(db: Db, userId: number, id: number, rule: RuleBody): Promise<RuleView> {
  return db.transaction().execute(async (trx) => {
    await checkNames(trx, userId, rule);
    return ruleViewOf(await updateRule(trx, userId, id, { rule }));
  });
}

export async function setActive(db: Db, userId: number, id: number, active: boolean): Promise<RuleView> {
  return ruleViewOf(await updateRule(db, userId, id, { active }));
}

/** The new order must name every rule of the merchant once. */
export async function reorderRules(db: Db, userId: number, ids: number[]): Promise<RuleView[]> {
  return db.transaction().execute(async (trx) => {
    const rows = await rulesOf(trx, userId);
    const mine = new Set(rows.map((row) => row.id));
    if (ids.length !== mine.size || new Set(ids).size !== ids.length || ids.some((id) => !mine.has(id)))
      throw invalidFields({ ids: 'rulesIncomplete' });
    await setPositions(trx, userId, ids);
    return (await rulesOf(trx, userId)).map(ruleViewOf);
  });
}

export async function deleteRules(db: Db, userId: number, ids: number[]): Promise<number> {
  return deleteRuleRows(db, userId, ids);
}

const sizeText = (parcels: readonly { length: number; width: number; height: number; distanceUnit: string }[]) =>
  parcels.map((p) => `${p.length}×${p.width}×${p.height} ${p.distanceUnit}`).join(', ');

/**
 * What `rule`, alone and as written (active or not), would change on the merchant's last `limit` orders,
 * newest first: the matched orders, each with its changed fields before and after. Reads only. An API key reads
 * the orders of its own mode only (`scope.test`), as every order list does.
 */
export async function dryRun(db: Db, scope: Scope & { userId: number }, rule: RuleBody, limit: number) {
  const { userId } = scope;
  await checkNames(db, userId, rule);
  const orders = await lastOrdersOf(db, userId, limit, scope.test);
  const ids = orders.map((order) => order.row.id);
  const tags = await tagsOfOrders(db, ids);
  const templates = await templatesByIds(
    db,
    userId,
    rule.actions.packageTemplateId ? [rule.actions.packageTemplateId] : [],
  );
  const def: RuleDef = {
    id: 0,
    name: rule.name,
    matchMode: rule.matchMode,
    conditions: rule.conditions,
    actions: rule.actions,
  };
  const tagNames = new Map((await tagsOfMerchant(db, userId)).map((t) => [t.id, t.name]));
  const rows = [];
  for (const order of orders) {
    const current = (tags.get(order.row.id) ?? []).map((tag) => tag.id);
    const facts = factsOfInput(order.input, order.storeId, current);
    if (!matches(def.conditions, facts)) continue;
    const outcome = evaluate([def], facts);
    const after = applyOutcome(order.input, outcome, templates);
    const changes: { field: RuleField; before: string; after: string }[] = [];
    const push = (field: RuleField, before: string, next: string) => {
      if (before !== next) changes.push({ field, before, after: next });
    };
    if (outcome.packageTemplateId !== undefined)
      push('package', sizeText(order.input.parcels), sizeText(after.parcels));
    if (outcome.serviceId !== undefined)
      push(
        'service',
        order.row.preferred_service_id === null ? '' : String(order.row.preferred_service_id),
        String(outcome.serviceId),
      );
    if (outcome.rateChoice !== undefined)
      push('rateChoice', order.row.rate_choice ?? '', JSON.stringify(outcome.rateChoice));
    const insured = (input: typeof after) => formatCents(input.parcels.reduce((sum, p) => sum + p.insuredValue, 0));
    if (outcome.insuranceCents !== undefined) push('insurance', insured(order.input), insured(after));
    if (outcome.signatureOption !== undefined)
      push('signature', String(order.input.extra.signatureOption), outcome.signatureOption);
    const names = (list: number[]) => list.map((id) => tagNames.get(id) ?? String(id)).join(', ');
    if (outcome.addTagIds.length > 0) push('tags', names(current), names([...current, ...outcome.addTagIds]));
    if (outcome.hold) push('hold', order.row.held_for_review === 1 ? 'yes' : 'no', 'yes');
    rows.push({
      orderId: order.row.id,
      orderNo: order.row.order_no,
      toPersonName: parseAddress(order.row.to_address).personName,
      createdAt: isoTime(order.row.created_at) as string,
      changes,
    });
  }
  return { examined: orders.length, matched: rows.length, rows };
}
