import * as rules from '../../../src/modules/rules/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { MERCHANT, NOW } from '../values.ts';

const RULE = {
  name: 'Heavy parcels',
  matchMode: 'first',
  conditions: { weightMin: 5 },
  actions: { hold: true },
} as const;
const ROW = [[{ id: 9, name: RULE.name, match_mode: 'first', conditions: '{}', actions: '{}', created_at: NOW }]];

export default [
  repo('modules/rules/repo.ts', rules, {
    ruleDefOf: noSql("a rule's definition from its row"),
    rulesOf: [ex('a merchant', (db) => rules.rulesOf(db, MERCHANT))],
    activeRulesOf: [ex('a merchant', (db) => rules.activeRulesOf(db, MERCHANT))],
    insertRule: [ex('a rule', (db) => rules.insertRule(db, MERCHANT, RULE), [[{ position: 2 }], ...ROW])],
    updateRule: [
      ex('the rule', (db) => rules.updateRule(db, MERCHANT, 9, { rule: RULE }), ROW),
      ex('switched on', (db) => rules.updateRule(db, MERCHANT, 9, { active: true }), ROW),
    ],
    setPositions: [ex('two rules', (db) => rules.setPositions(db, MERCHANT, [9, 8]))],
    deleteRules: [ex('two rules', (db) => rules.deleteRules(db, MERCHANT, [8, 9]))],
    lastLabelOrders: [
      ex('a merchant', (db) => rules.lastLabelOrders(db, MERCHANT, 50)),
      ex("a merchant's test key", (db) => rules.lastLabelOrders(db, MERCHANT, 50, true)),
    ],
    storesOfOrders: [ex('two orders', (db) => rules.storesOfOrders(db, [1001, 1002]))],
    ownStores: [ex('two stores', (db) => rules.ownStores(db, MERCHANT, [4, 5]))],
    tagsOfMerchant: [ex('a merchant', (db) => rules.tagsOfMerchant(db, MERCHANT))],
  }),
];
