/**
 * What happens to an order as it arrives (issue 30), before its draft is written, in the caller's
 * transaction: its SKUs join the product catalogue, a parcel with no size of its own is made from its items'
 * presets, then the merchant's active rules run and their decisions are written onto the draft's input and
 * columns. One call for a whole import: the rules, presets and templates are read once.
 */
import { DEFAULT_PARCEL } from '@parcelport/shared';
import { parcelInput } from '@parcelport/shared/contracts/orders/schemas';
import type { Db } from '../../db/index.ts';
import type { ArrivalFrom } from '../../declaration.ts';
import { type TemplateRow, templatesByIds } from '../address-book/index.ts';
import type { OrderInput, ParcelInput } from '../orders/index.ts';
import { addSeenProducts, type ProductRow, presetsOf } from '../products/index.ts';
import { evaluate, itemFacts, type OrderFacts, type RuleDef, type RuleOutcome, weightInPounds } from './engine.ts';
import { activeRulesOf } from './repo.ts';

/** An arriving order made ready: its input as rules and presets left it, its rule columns and the tags to add. */
export interface Arrived {
  input: OrderInput;
  columns: {
    items: string;
    preferred_service_id: number | null;
    rate_choice: string | null;
    held_for_review: number;
    rule_trail: string;
  };
  tagIds: number[];
}

export function factsOfInput(input: OrderInput, storeId: number | null, tagIds: readonly number[]): OrderFacts {
  return {
    storeId,
    country: input.to.countryCode,
    state: input.to.stateCode,
    zip: input.to.zipCode,
    weightLb: weightInPounds(input.parcels),
    ...itemFacts(input.items),
    tagIds,
    residential: input.residential ?? input.to.isResidential ?? false,
    requestedService: String(input.extra.requestedService ?? ''),
  };
}

const hasNoSize = (parcel: ParcelInput) => !(parcel.length > 0 && parcel.width > 0 && parcel.height > 0);

/** A template's sizes and units on a parcel; its weight only when the parcel weighs nothing. */
export function withTemplate(parcel: ParcelInput, template: TemplateRow): ParcelInput {
  const metric = template.unit === 'kg/cm';
  const massUnit = metric ? 'kg' : 'lb';
  return {
    ...parcel,
    length: template.length,
    width: template.width,
    height: template.height,
    distanceUnit: metric ? 'cm' : 'in',
    ...(parcel.massUnit !== massUnit || !(parcel.weight > 0)
      ? { weight: parcel.weight > 0 ? parcel.weight : template.weight, massUnit }
      : {}),
  };
}

/**
 * One parcel from the items' presets: the largest preset's sizes (or its template's), the items' weights
 * added up (in the first preset's unit). Null when no item has a preset with a size.
 */
export function parcelFromPresets(
  base: ParcelInput,
  items: OrderInput['items'],
  presets: ReadonlyMap<string, ProductRow>,
  templates: ReadonlyMap<number, TemplateRow>,
): ParcelInput | null {
  const found = items.flatMap((item) => {
    const preset = presets.get(item.sku);
    return preset ? [{ item, preset }] : [];
  });
  if (found.length === 0) return null;
  const sized = found
    .map(({ preset }) => {
      const template = preset.template_id === null ? undefined : templates.get(preset.template_id);
      return template
        ? {
            length: template.length,
            width: template.width,
            height: template.height,
            unit: template.unit === 'kg/cm' ? 'cm' : 'in',
          }
        : { length: preset.length, width: preset.width, height: preset.height, unit: preset.distance_unit };
    })
    .filter((size) => size.length > 0 && size.width > 0 && size.height > 0)
    .sort((a, b) => b.length * b.width * b.height - a.length * a.width * a.height)[0];
  if (!sized) return null;
  const massUnit = (found[0]?.preset.mass_unit ?? 'lb') as ParcelInput['massUnit'];
  const weight = found.reduce((sum, { item, preset }) => {
    const ratio = MASS_IN_OUNCES[preset.mass_unit as ParcelInput['massUnit']] / MASS_IN_OUNCES[massUnit];
    return sum + preset.weight * ratio * item.quantity;
  }, 0);
  return {
    ...base,
    length: sized.length,
    width: sized.width,
    height: sized.height,
    distanceUnit: sized.unit as ParcelInput['distanceUnit'],
    weight: weight > 0 ? Math.round(weight * 100) / 100 : base.weight,
    massUnit: weight > 0 ? massUnit : base.massUnit,
  };
}

const MASS_IN_OUNCES = { lb: 16, oz: 1, kg: 35.27396195, g: 0.03527396195 } as const;

/** The input with the rules' decisions on it: the package template's sizes, the insurance, the signature. */
export function applyOutcome(
  input: OrderInput,
  outcome: RuleOutcome,
  templates: ReadonlyMap<number, TemplateRow>,
): OrderInput {
  const template = outcome.packageTemplateId === undefined ? undefined : templates.get(outcome.packageTemplateId);
  let parcels = template ? input.parcels.map((parcel) => withTemplate(parcel, template)) : input.parcels;
  if (outcome.insuranceCents !== undefined)
    parcels = parcels.map((parcel, index) => ({
      ...parcel,
      insuredValue: index === 0 ? (outcome.insuranceCents as number) : 0,
    }));
  const extra =
    outcome.signatureOption === undefined ? input.extra : { ...input.extra, signatureOption: outcome.signatureOption };
  return { ...input, parcels, extra };
}

export function ruleColumnsOf(input: OrderInput, outcome: RuleOutcome): Arrived['columns'] {
  return {
    items: JSON.stringify(input.items),
    preferred_service_id: outcome.serviceId ?? null,
    rate_choice: outcome.rateChoice ? JSON.stringify(outcome.rateChoice) : null,
    held_for_review: outcome.hold ? 1 : 0,
    rule_trail: JSON.stringify(outcome.trail),
  };
}

/** The templates rules and presets name. */
function templateIdsOf(rules: readonly RuleDef[], presets: ReadonlyMap<string, ProductRow>): number[] {
  return [
    ...rules.flatMap((rule) => (rule.actions.packageTemplateId ? [rule.actions.packageTemplateId] : [])),
    ...[...presets.values()].flatMap((preset) => (preset.template_id ? [preset.template_id] : [])),
  ];
}

/** Arriving orders of one merchant made ready to write, in the caller's transaction (lent as the `arrival` hook). */
export async function prepareArrivals(
  db: Db,
  userId: number,
  inputs: readonly OrderInput[],
  context: ArrivalFrom = {},
): Promise<Arrived[]> {
  const items = inputs.flatMap((input) => input.items);
  if (items.length > 0)
    await addSeenProducts(
      db,
      userId,
      items.map((item) => ({ sku: item.sku, name: item.name })),
    );
  const [rules, presets] = await Promise.all([
    activeRulesOf(db, userId),
    items.length > 0
      ? presetsOf(
          db,
          userId,
          items.map((item) => item.sku),
        )
      : Promise.resolve(new Map<string, ProductRow>()),
  ]);
  const templates = await templatesByIds(db, userId, templateIdsOf(rules, presets));
  return inputs.map((original) => {
    let input = original;
    const [first] = input.parcels;
    if (first && input.items.length > 0 && input.parcels.every(hasNoSize)) {
      const parcel = parcelFromPresets(first, input.items, presets, templates);
      // Presets times quantities can pass what any parcel may be (a 10,000 lb preset ordered 100,000 times):
      // such a parcel is not made, and the draft waits for its measures as if no preset had any.
      if (parcel && parcelInput.safeParse(parcel).success) input = { ...input, parcels: [parcel] };
    }
    const outcome = evaluate(rules, factsOfInput(input, context.storeId ?? null, []));
    input = applyOutcome(input, outcome, templates);
    return { input, columns: ruleColumnsOf(input, outcome), tagIds: outcome.addTagIds };
  });
}

/** An import's way to a parcel from an order's items' presets (null when none has a size). */
export type PresetParcel = (items: readonly { sku: string; quantity?: unknown }[]) => ParcelInput | null;

/** Reads the presets of an import's SKUs once, for the orders whose rows list items only. */
export async function presetParcelsOf(db: Db, userId: number, skus: readonly string[]): Promise<PresetParcel> {
  const presets = skus.length > 0 ? await presetsOf(db, userId, skus) : new Map<string, ProductRow>();
  const templates = await templatesByIds(db, userId, templateIdsOf([], presets));
  const base: ParcelInput = {
    length: 0,
    width: 0,
    height: 0,
    weight: DEFAULT_PARCEL.weight,
    massUnit: DEFAULT_PARCEL.massUnit,
    distanceUnit: DEFAULT_PARCEL.distanceUnit,
    packageCode: DEFAULT_PARCEL.packageCode,
    packageNum: DEFAULT_PARCEL.packageNum,
    packageAmount: DEFAULT_PARCEL.packageAmount,
    insuredValue: 0,
    reference: '',
    reference2: '',
  };
  return (items) =>
    parcelFromPresets(
      base,
      items.map((item) => ({
        sku: item.sku,
        name: '',
        price: 0,
        quantity: typeof item.quantity === 'number' && item.quantity > 0 ? item.quantity : 1,
      })),
      presets,
      templates,
    );
}
