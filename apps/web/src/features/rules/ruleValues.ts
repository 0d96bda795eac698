import type { Rule, RuleInput } from '../../api/desk';

/** The editor's flat fields; empty ones are left out of the rule. */
export interface RuleValues {
  name: string;
  matchMode: 'first' | 'all';
  states: string[];
  zipPrefixes: string[];
  countries: string[];
  skus: string[];
  requestedServices: string[];
  tagIds: number[];
  storeIds: number[];
  weightMin: number | null;
  weightMax: number | null;
  itemCountMin: number | null;
  itemCountMax: number | null;
  totalMin: string;
  totalMax: string;
  residential: 'any' | 'yes' | 'no';
  packageTemplateId: number | null;
  /** `service`: one named service (the rule's `serviceId`); the others a rate-shopping choice. */
  rateKind: '' | 'service' | 'cheapest' | 'fastest' | 'cheapestWithin' | 'cheapestOf';
  serviceId: number | null;
  rateDays: number | null;
  rateCarriers: string[];
  insurance: string;
  signatureOption: '' | 'none' | 'signature' | 'adultSignature';
  addTagIds: number[];
  hold: boolean;
}

export const LISTS = ['states', 'zipPrefixes', 'countries', 'skus', 'requestedServices'] as const;
const RANGES = [
  ['weightMin', 'weightMax'],
  ['itemCountMin', 'itemCountMax'],
] as const;

export function valuesOf(rule: Rule | null): RuleValues {
  const c = rule?.conditions ?? {};
  const a = rule?.actions ?? {};
  return {
    name: rule?.name ?? '',
    matchMode: rule?.matchMode ?? 'first',
    states: c.states ?? [],
    zipPrefixes: c.zipPrefixes ?? [],
    countries: c.countries ?? [],
    skus: c.skus ?? [],
    requestedServices: c.requestedServices ?? [],
    tagIds: c.tagIds ?? [],
    storeIds: c.storeIds ?? [],
    weightMin: c.weightMin ?? null,
    weightMax: c.weightMax ?? null,
    itemCountMin: c.itemCountMin ?? null,
    itemCountMax: c.itemCountMax ?? null,
    totalMin: c.totalMin ?? '',
    totalMax: c.totalMax ?? '',
    residential: c.residential === undefined ? 'any' : c.residential ? 'yes' : 'no',
    packageTemplateId: a.packageTemplateId ?? null,
    rateKind: a.serviceId !== undefined ? 'service' : (a.rateChoice?.kind ?? ''),
    serviceId: a.serviceId ?? null,
    rateDays: a.rateChoice?.kind === 'cheapestWithin' ? a.rateChoice.days : null,
    rateCarriers: a.rateChoice?.kind === 'cheapestOf' ? a.rateChoice.carriers : [],
    insurance: a.insurance ?? '',
    signatureOption: a.signatureOption ?? '',
    addTagIds: a.addTagIds ?? [],
    hold: a.hold ?? false,
  };
}

/** The rule as the API takes it from the editor's fields. */
export function ruleOf(values: RuleValues): RuleInput {
  const conditions: Record<string, unknown> = {};
  for (const name of LISTS) if (values[name].length > 0) conditions[name] = values[name];
  if (values.tagIds.length > 0) conditions.tagIds = values.tagIds;
  if (values.storeIds.length > 0) conditions.storeIds = values.storeIds;
  for (const pair of RANGES) for (const name of pair) if (values[name] !== null) conditions[name] = values[name];
  if (values.totalMin.trim()) conditions.totalMin = values.totalMin.trim();
  if (values.totalMax.trim()) conditions.totalMax = values.totalMax.trim();
  if (values.residential !== 'any') conditions.residential = values.residential === 'yes';
  const actions: Record<string, unknown> = {};
  if (values.packageTemplateId) actions.packageTemplateId = values.packageTemplateId;
  if (values.rateKind === 'service') actions.serviceId = values.serviceId ?? 0;
  else if (values.rateKind === 'cheapestWithin')
    actions.rateChoice = { kind: values.rateKind, days: values.rateDays ?? 0 };
  else if (values.rateKind === 'cheapestOf')
    actions.rateChoice = { kind: values.rateKind, carriers: values.rateCarriers };
  else if (values.rateKind) actions.rateChoice = { kind: values.rateKind };
  if (values.insurance.trim()) actions.insurance = values.insurance.trim();
  if (values.signatureOption) actions.signatureOption = values.signatureOption;
  if (values.addTagIds.length > 0) actions.addTagIds = values.addTagIds;
  if (values.hold) actions.hold = true;
  return { name: values.name.trim(), matchMode: values.matchMode, conditions, actions } as RuleInput;
}

/** The fields a 400 on a rule may name, as the form names them. */
export const SERVER_FIELDS: Record<string, string> = {
  name: 'name',
  actions: 'name',
  'conditions.weightMax': 'weightMax',
  'conditions.itemCountMax': 'itemCountMax',
  'conditions.totalMax': 'totalMax',
  'conditions.totalMin': 'totalMin',
  'actions.insurance': 'insurance',
  'actions.packageTemplateId': 'packageTemplateId',
  'actions.addTagIds': 'addTagIds',
  'actions.rateChoice.days': 'rateDays',
  'actions.rateChoice.carriers': 'rateCarriers',
  'actions.serviceId': 'serviceId',
  'conditions.storeIds': 'storeIds',
};
