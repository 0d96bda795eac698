import * as balanceLogs from '../../../src/modules/funds/balance-logs-repo.ts';
import * as ledger from '../../../src/modules/funds/ledger-repo.ts';
import * as recharges from '../../../src/modules/funds/recharges-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, DAY, MERCHANT, NOW, ORDER, OWNED, STAFF } from '../values.ts';

const WALLET = { userId: MERCHANT, currency: 'USD' } as const;
const RECHARGE = 60;

const LOG_FILTERS = {
  userId: MERCHANT,
  ownerId: STAFF,
  keyword: 'ada',
  types: [1, 2],
  currency: 'USD',
  from: NOW - DAY,
  to: NOW,
};
const RECHARGE_FILTERS = { ...LOG_FILTERS, types: undefined, status: 0 };

export default [
  repo('modules/funds/ledger-repo.ts', ledger, {
    walletsOf: [ex('a merchant', (db) => ledger.walletsOf(db, MERCHANT))],
    spendableOf: [ex('a wallet', (db) => ledger.spendableOf(db, MERCHANT, 'USD'), [[{ balance: 0, credit_limit: 0 }]])],
    openWallets: [ex('a new merchant', (db) => ledger.openWallets(db, MERCHANT))],
    moveWallet: [
      ex('a charge that needs every balance', (db) =>
        ledger.moveWallet(
          db,
          WALLET,
          { amount: -850, earnest: -100, deposit: -50 },
          { balance: 850, earnest: 100, deposit: 50 },
          NOW,
        ),
      ),
      ex('a credit', (db) =>
        ledger.moveWallet(
          db,
          WALLET,
          { amount: 850, earnest: 0, deposit: 0 },
          { balance: 0, earnest: 0, deposit: 0 },
          NOW,
        ),
      ),
    ],
    insertLedgerRows: [
      ex('two rows', (db) =>
        ledger.insertLedgerRows(
          db,
          [1, 2].map((n) => ({
            user_id: MERCHANT,
            currency: 'USD',
            type: 3,
            amount: -850 * n,
            balance_after: 10_000 - 850 * n,
            earnest_after: 0,
            deposit_after: 0,
            reference_type: 'order',
            reference_id: ORDER + n,
            reference_no: `PP${ORDER + n}`,
            actor_id: MERCHANT,
            created_at: NOW,
          })),
        ),
      ),
    ],
    doubtfulWalletRows: [ex('every wallet', (db) => ledger.doubtfulWalletRows(db))],
    doubtfulOrderRows: [ex('every order', (db) => ledger.doubtfulOrderRows(db))],
    writeCreditLimit: [ex('a wallet', (db) => ledger.writeCreditLimit(db, MERCHANT, 'USD', 50_000))],
  }),
  repo('modules/funds/balance-logs-repo.ts', balanceLogs, {
    fetchBalanceLogs: [
      ex('every row, first page', (db) => balanceLogs.fetchBalanceLogs(db, {}, 20)),
      ex('every filter, after an id', (db) => balanceLogs.fetchBalanceLogs(db, LOG_FILTERS, 20, 0, 900)),
      ex('by offset', (db) => balanceLogs.fetchBalanceLogs(db, { userId: MERCHANT }, 20, 40)),
    ],
    balanceLogTotals: [
      ex('every row', (db) => balanceLogs.balanceLogTotals(db, {})),
      ex('every filter', (db) => balanceLogs.balanceLogTotals(db, LOG_FILTERS)),
    ],
  }),
  repo('modules/funds/recharges-repo.ts', recharges, {
    attachmentOf: [ex("a merchant's voucher", (db) => recharges.attachmentOf(db, MERCHANT, 12))],
    insertRecharge: [
      ex(
        'a bank transfer',
        (db) =>
          recharges.insertRecharge(db, {
            user_id: MERCHANT,
            currency: 'USD',
            payment_method: 'bankTransfer',
            forecast_amount: 100_000,
            actual_amount: null,
            voucher_id: 12,
            auditor_id: null,
            submitted_at: NOW,
            arrived_at: NOW,
            audited_at: null,
          }),
        [[{ id: RECHARGE }]],
      ),
    ],
    fetchRecharges: [
      ex('every row, first page', (db) => recharges.fetchRecharges(db, {}, 20)),
      ex('every filter, after an id', (db) => recharges.fetchRecharges(db, RECHARGE_FILTERS, 20, 0, 900)),
      ex('by offset', (db) => recharges.fetchRecharges(db, { userId: MERCHANT }, 20, 40)),
    ],
    rechargeCount: [
      ex('every row', (db) => recharges.rechargeCount(db, {})),
      ex('every filter', (db) => recharges.rechargeCount(db, RECHARGE_FILTERS)),
    ],
    rechargeInScope: [
      ex('any account', (db) => recharges.rechargeInScope(db, RECHARGE, ANY_ACCOUNT)),
      ex('owned accounts', (db) => recharges.rechargeInScope(db, RECHARGE, OWNED)),
    ],
    reviewPendingRecharge: [
      ex('approved', (db) =>
        recharges.reviewPendingRecharge(
          db,
          RECHARGE,
          { status: 1, actual_amount: 100_000, audit_remark: '' },
          { auditor_id: STAFF, audited_at: NOW },
        ),
      ),
    ],
    rechargeExists: [ex('by id', (db) => recharges.rechargeExists(db, RECHARGE))],
  }),
];
