/**
 * The rules themselves, with no database (issue 30): whether a rule's conditions hold for an order, and what
 * an ordered list of rules decides for it. Rules run in their list's order; a rule in `first` mode stops the
 * list when it matches, one in `all` mode lets the later ones run too. A field an earlier rule set is kept
 * (the list's order is its priority), tags add up, and a tag a rule added counts for the rules after it.
 */

import type { SIGNATURE_OPTIONS } from '@parcelport/shared';
import { toOunces } from '@parcelport/shared';
import type { RateChoice } from '@parcelport/shared/contracts/rate-choice';
import type { RuleActions, RuleConditions, RuleField } from '@parcelport/shared/contracts/rules/index';

export interface RuleDef {
  id: number;
  name: string;
  matchMode: 'first' | 'all';
  conditions: RuleConditions;
  actions: RuleActions;
}

/** What the conditions read of an order. */
export interface OrderFacts {
  storeId: number | null;
  country: string;
  state: string;
  zip: string;
  /** The parcels' weight in pounds. */
  weightLb: number;
  skus: readonly string[];
  /** The items' quantities added up. */
  itemCount: number;
  /** The items' prices times quantities, in cents. */
  totalCents: number;
  tagIds: readonly number[];
  residential: boolean;
  requestedService: string;
}

export interface RuleTrailEntry {
  ruleId: number;
  ruleName: string;
  fields: RuleField[];
}

/** What the rules decided; a field left undefined was not set by any. */
export interface RuleOutcome {
  packageTemplateId?: number;
  serviceId?: number;
  rateChoice?: RateChoice;
  insuranceCents?: number;
  signatureOption?: (typeof SIGNATURE_OPTIONS)[number];
  addTagIds: number[];
  hold: boolean;
  trail: RuleTrailEntry[];
}

const within = (value: number, min: number | undefined, max: number | undefined) =>
  (min === undefined || value >= min) && (max === undefined || value <= max);
const upper = (text: string) => text.trim().toUpperCase();

export function matches(conditions: RuleConditions, facts: OrderFacts): boolean {
  const c = conditions;
  if (c.storeIds && (facts.storeId === null || !c.storeIds.includes(facts.storeId))) return false;
  if (c.countries && !c.countries.includes(upper(facts.country))) return false;
  if (c.states && !c.states.includes(upper(facts.state))) return false;
  if (c.zipPrefixes && !c.zipPrefixes.some((prefix) => upper(facts.zip).startsWith(prefix))) return false;
  if (!within(facts.weightLb, c.weightMin, c.weightMax)) return false;
  if (c.skus && !c.skus.some((sku) => facts.skus.includes(sku))) return false;
  if (!within(facts.itemCount, c.itemCountMin, c.itemCountMax)) return false;
  if (!within(facts.totalCents, c.totalMin, c.totalMax)) return false;
  if (c.tagIds && !c.tagIds.some((id) => facts.tagIds.includes(id))) return false;
  if (c.residential !== undefined && c.residential !== facts.residential) return false;
  if (c.requestedServices && !c.requestedServices.some((name) => upper(name) === upper(facts.requestedService)))
    return false;
  return true;
}

/** What the rules, in order, decide for an order with these facts. */
export function evaluate(rules: readonly RuleDef[], facts: OrderFacts): RuleOutcome {
  const outcome: RuleOutcome = { addTagIds: [], hold: false, trail: [] };
  let tagIds = [...facts.tagIds];
  for (const rule of rules) {
    if (!matches(rule.conditions, { ...facts, tagIds })) continue;
    const fields: RuleField[] = [];
    const a = rule.actions;
    if (a.packageTemplateId !== undefined && outcome.packageTemplateId === undefined) {
      outcome.packageTemplateId = a.packageTemplateId;
      fields.push('package');
    }
    if (a.serviceId !== undefined && outcome.serviceId === undefined && outcome.rateChoice === undefined) {
      outcome.serviceId = a.serviceId;
      fields.push('service');
    }
    if (a.rateChoice !== undefined && outcome.serviceId === undefined && outcome.rateChoice === undefined) {
      outcome.rateChoice = a.rateChoice;
      fields.push('rateChoice');
    }
    if (a.insurance !== undefined && outcome.insuranceCents === undefined) {
      outcome.insuranceCents = a.insurance;
      fields.push('insurance');
    }
    if (a.signatureOption !== undefined && outcome.signatureOption === undefined) {
      outcome.signatureOption = a.signatureOption;
      fields.push('signature');
    }
    const newTags = (a.addTagIds ?? []).filter((id) => !tagIds.includes(id));
    if (newTags.length > 0) {
      outcome.addTagIds.push(...newTags);
      tagIds = [...tagIds, ...newTags];
      fields.push('tags');
    }
    if (a.hold && !outcome.hold) {
      outcome.hold = true;
      fields.push('hold');
    }
    if (fields.length > 0) outcome.trail.push({ ruleId: rule.id, ruleName: rule.name, fields });
    if (rule.matchMode === 'first') break;
  }
  return outcome;
}

/** An order's weight in pounds from its parcels. */
export function weightInPounds(parcels: readonly { weight: number; massUnit: string }[]): number {
  const ounces = parcels.reduce(
    (sum, parcel) => sum + toOunces(parcel.weight, parcel.massUnit as Parameters<typeof toOunces>[1]),
    0,
  );
  return Math.round((ounces / 16) * 1000) / 1000;
}

/** The facts the items give: their SKUs, how many, and what they cost together. */
export function itemFacts(items: readonly { sku: string; quantity: number; price: number }[]) {
  return {
    skus: items.map((item) => item.sku).filter(Boolean),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalCents: items.reduce((sum, item) => sum + item.price * item.quantity, 0),
  };
}
