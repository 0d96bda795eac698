import * as pricing from '../../../src/modules/pricing/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWNED } from '../values.ts';

const RULE = 6;

export default [
  repo('modules/pricing/repo.ts', pricing, {
    priceRules: [
      ex('every rule', (db) => pricing.priceRules(db)),
      ex('one rule', (db) => pricing.priceRules(db, RULE)),
    ],
    ruleUsersInScope: [
      ex('any account', (db) => pricing.ruleUsersInScope(db, ANY_ACCOUNT)),
      ex('owned accounts', (db) => pricing.ruleUsersInScope(db, OWNED)),
    ],
    channelOfService: [ex('a service', (db) => pricing.channelOfService(db, 11))],
    updatePriceRule: [
      ex('the markup', (db) => pricing.updatePriceRule(db, RULE, { percent_bp: 1500, updated_at: NOW })),
    ],
    insertPriceRule: [
      ex(
        'a rule of a service',
        (db) =>
          pricing.insertPriceRule(db, {
            name: 'Ground +15%',
            channel_id: 3,
            service_id: 11,
            percent_bp: 1500,
            created_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: RULE }]],
      ),
    ],
    insertDefaultPriceRule: [
      ex('the demo markup', (db) =>
        pricing.insertDefaultPriceRule(db, { name: 'Demo markup', percentBp: 1000, fixedCents: 0 }, NOW),
      ),
    ],
    priceRuleExists: [ex('by id', (db) => pricing.priceRuleExists(db, RULE))],
    insertUserPriceRule: [ex('a merchant', (db) => pricing.insertUserPriceRule(db, MERCHANT, RULE))],
    deleteUserPriceRule: [ex('a merchant', (db) => pricing.deleteUserPriceRule(db, MERCHANT, RULE))],
    rulesForUser: [ex('a merchant', (db) => pricing.rulesForUser(db, MERCHANT))],
  }),
];
