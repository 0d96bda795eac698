/**
 * A merchant's rules (issue 30): an ordered list of IF (conditions, all of which must hold) THEN (actions)
 * applied to each order as it arrives (import, store, API, manual draft). A rule whose mode is `first` stops
 * the list when it matches; `all` lets later rules run too. A field set by an earlier rule is kept (the
 * list's order is its priority); tags add up. The dry run shows what one rule would change on the last
 * orders, and writes nothing.
 */
import { z } from 'zod';
import { INSURANCE_MAX_PER_PACKAGE_CENTS } from '../../insurance.ts';
import { SIGNATURE_OPTIONS } from '../../orders.ts';
import { bodyNumber, deletedAnswer, idParams, idsBody } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyInput, moneyView } from '../money.ts';
import { rateChoice } from '../rate-choice.ts';

const codes = (max: number, each: number) =>
  z.array(z.string().trim().toUpperCase().min(1, 'fieldRequired').max(each)).max(max).optional();
const ids = () => z.array(z.number().int().positive()).min(1).max(50).optional();
const count = () => bodyNumber().int().min(0).max(100_000).optional();
const cents = () => moneyInput.refine((value) => value >= 0, 'amountInvalid').optional();
const pounds = () => bodyNumber().min(0).max(10_000).optional();

function refineRange(low: string, high: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    const a = value[low];
    const b = value[high];
    if (typeof a === 'number' && typeof b === 'number' && a > b)
      ctx.addIssue({ code: 'custom', path: [high], message: 'rangeInverted' });
  };
}

/** IF: every condition given must hold; none given matches every order. Weights in pounds, totals as money. */
export const ruleConditions = z
  .object({
    storeIds: ids(),
    countries: codes(50, 2),
    states: codes(100, 40),
    zipPrefixes: codes(100, 10),
    weightMin: pounds(),
    weightMax: pounds(),
    skus: z.array(z.string().trim().min(1, 'fieldRequired').max(80)).max(100).optional(),
    itemCountMin: count(),
    itemCountMax: count(),
    totalMin: cents(),
    totalMax: cents(),
    tagIds: ids(),
    residential: z.boolean().optional(),
    requestedServices: z.array(z.string().trim().min(1, 'fieldRequired').max(80)).max(50).optional(),
  })
  .superRefine(refineRange('weightMin', 'weightMax'))
  .superRefine(refineRange('itemCountMin', 'itemCountMax'))
  .superRefine(refineRange('totalMin', 'totalMax'));

/** THEN: at least one action. `serviceId` and `rateChoice` exclude each other. */
export const ruleActions = z
  .object({
    packageTemplateId: z.number().int().positive().optional(),
    serviceId: z.number().int().positive().optional(),
    rateChoice: rateChoice.optional(),
    // On the order's first parcel (modules/rules/arrival.ts), so within what one package may declare.
    insurance: moneyInput
      .refine((value) => value >= 0, 'amountInvalid')
      .refine((value) => value <= INSURANCE_MAX_PER_PACKAGE_CENTS, 'insuranceOverPackage')
      .optional(),
    signatureOption: z.enum(SIGNATURE_OPTIONS).optional(),
    addTagIds: ids(),
    hold: z.literal(true).optional(),
  })
  .superRefine((actions, ctx) => {
    if (Object.values(actions).every((value) => value === undefined))
      ctx.addIssue({ code: 'custom', path: [], message: 'ruleNeedsAction' });
    if (actions.serviceId !== undefined && actions.rateChoice !== undefined)
      ctx.addIssue({ code: 'custom', path: ['rateChoice'], message: 'invalidInput' });
  });

export const RULE_MATCH_MODES = ['first', 'all'] as const;

export const ruleInput = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(80),
  matchMode: z.enum(RULE_MATCH_MODES).default('first'),
  conditions: ruleConditions,
  actions: ruleActions,
});

const conditionsView = z.object({
  storeIds: z.array(z.number()).optional(),
  countries: z.array(z.string()).optional(),
  states: z.array(z.string()).optional(),
  zipPrefixes: z.array(z.string()).optional(),
  weightMin: z.number().optional(),
  weightMax: z.number().optional(),
  skus: z.array(z.string()).optional(),
  itemCountMin: z.number().optional(),
  itemCountMax: z.number().optional(),
  totalMin: moneyView.optional(),
  totalMax: moneyView.optional(),
  tagIds: z.array(z.number()).optional(),
  residential: z.boolean().optional(),
  requestedServices: z.array(z.string()).optional(),
});
const actionsView = z.object({
  packageTemplateId: z.number().optional(),
  serviceId: z.number().optional(),
  rateChoice: rateChoice.optional(),
  insurance: moneyView.optional(),
  signatureOption: z.enum(SIGNATURE_OPTIONS).optional(),
  addTagIds: z.array(z.number()).optional(),
  hold: z.boolean().optional(),
});

export const ruleView = z.object({
  id: z.number(),
  name: z.string(),
  position: z.number(),
  active: z.boolean(),
  matchMode: z.enum(RULE_MATCH_MODES),
  conditions: conditionsView,
  actions: actionsView,
  updatedAt: z.string(),
});

/** What a rule changes on an order: the field (`service`, `rateChoice`, `package`, `insurance`, `signature`, `tags`, `hold`), before and after as text. */
export const RULE_FIELDS = ['package', 'service', 'rateChoice', 'insurance', 'signature', 'tags', 'hold'] as const;
export const ruleChange = z.object({ field: z.enum(RULE_FIELDS), before: z.string(), after: z.string() });

export const dryRunBody = z.object({
  rule: ruleInput,
  limit: bodyNumber().int().min(1).max(1000).default(200),
});

export const dryRunAnswer = z.object({
  /** How many orders were looked at (the last `limit`, newest first) and how many the rule matched. */
  examined: z.number(),
  matched: z.number(),
  rows: z.array(
    z.object({
      orderId: z.number(),
      orderNo: z.string(),
      toPersonName: z.string(),
      createdAt: z.string(),
      changes: z.array(ruleChange),
    }),
  ),
});

export const listRules = defineContract({
  method: 'GET',
  path: '/app/rules',
  summary: 'My rules in the order they run',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  answer: z.array(ruleView),
});

export const createRule = defineContract({
  method: 'POST',
  path: '/app/rules',
  summary: 'Add a rule at the end of the list (inactive until activated)',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  body: ruleInput,
  answer: ruleView,
});

export const updateRule = defineContract({
  method: 'PUT',
  path: '/app/rules/:id(^\\d+)',
  summary: 'Rewrite a rule',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: ruleInput,
  answer: ruleView,
});

export const setRuleActive = defineContract({
  method: 'PUT',
  path: '/app/rules/:id(^\\d+)/active',
  summary: 'Activate or pause a rule',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: z.object({ active: z.boolean() }),
  answer: ruleView,
});

export const reorderRules = defineContract({
  method: 'PUT',
  path: '/app/rules/order',
  summary: 'Put my rules in a new order (every rule id, first to last)',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: z.array(ruleView),
});

export const deleteRules = defineContract({
  method: 'DELETE',
  path: '/app/rules',
  summary: 'Delete rules',
  tags: ['rules'],
  access: 'signedIn',
  scope: 'own',
  body: idsBody,
  answer: deletedAnswer,
});

export const dryRunRule = defineContract({
  method: 'POST',
  path: '/app/rules/dryRun',
  summary: 'What a rule would change on my last orders, order by order (writes nothing)',
  tags: ['rules'],
  // It reads the orders (numbers, recipients): the orders area, whatever the rules' own.
  keyArea: 'orders',
  access: 'signedIn',
  scope: 'own',
  readOnly: true,
  body: dryRunBody,
  answer: dryRunAnswer,
});

export type RuleInput = z.input<typeof ruleInput>;
export type RuleBody = z.output<typeof ruleInput>;
export type RuleConditions = z.output<typeof ruleConditions>;
export type RuleActions = z.output<typeof ruleActions>;
export type RuleView = z.output<typeof ruleView>;
export type RuleField = (typeof RULE_FIELDS)[number];
export type DryRunAnswer = z.output<typeof dryRunAnswer>;
