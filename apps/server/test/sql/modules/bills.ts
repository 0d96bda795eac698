import * as risk from '../../../src/modules/bills/adjustment-risk-repo.ts';
import * as billViews from '../../../src/modules/bills/bill-views-repo.ts';
import * as lineViews from '../../../src/modules/bills/line-views-repo.ts';
import * as lines from '../../../src/modules/bills/lines-repo.ts';
import type { ClassifiedLine } from '../../../src/modules/bills/match.ts';
import * as match from '../../../src/modules/bills/match-repo.ts';
import * as postWrites from '../../../src/modules/bills/post-writes-repo.ts';
import * as reconciliation from '../../../src/modules/bills/reconciliation-repo.ts';
import * as bills from '../../../src/modules/bills/repo.ts';
import * as reports from '../../../src/modules/bills/reports-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, DAY, MERCHANT, NOW, OWN, OWNED, PAGE, STAFF } from '../values.ts';

const CHANNEL = 3;
const BILL = 40;
const LINE = 900;

const CLASSIFIED: ClassifiedLine = {
  row: 2,
  trackingNo: '1Z999AA10123456784',
  amount: 1250,
  reason: '',
  billedOz: 40,
  billedSize: '12x10x8',
  zone: '5',
  service: 'Ground',
  reference: 'PP1001',
  adjusts: false,
  kind: 'adjustment',
  cause: 'weightOrSize',
  orderId: 1001,
  userId: MERCHANT,
  costChange: 250,
  costBefore: 1000,
  lineKey: '1Z999AA10123456784:total',
  duplicateOf: '',
  follows: '',
};

async function* oneSlice() {
  yield [CLASSIFIED];
}
export default [
  repo('modules/bills/repo.ts', bills, {
    billOfFile: [ex('by hash', (db) => bills.billOfFile(db, CHANNEL, 'ab12'))],
    insertBill: [
      ex(
        'a bill of one line, with row errors and a revised line',
        (db) =>
          bills.insertBill(
            db,
            {
              channelId: CHANNEL,
              fileName: 'ups-2023-11.csv',
              sha256: 'ab12',
              preset: 'ups',
              amountKind: 'total',
              mapping: { trackingNumber: 'Tracking', amount: 'Net' },
              errors: [{ row: 3, column: 'Net', message: 'fieldRequired' }],
              createdBy: STAFF,
            },
            oneSlice,
            () => [{ row: 2, kind: 'matches', costChange: 0 }],
          ),
        [[{ id: BILL }]],
      ),
    ],
    saveMapping: [
      ex('a channel', (db) =>
        bills.saveMapping(db, CHANNEL, 'ups', 'total', { trackingNumber: 'Tracking', amount: 'Net' }),
      ),
    ],
    mappingOf: [ex('a channel', (db) => bills.mappingOf(db, CHANNEL))],
    requireBill: [ex('by id', (db) => bills.requireBill(db, BILL), [[{ id: BILL }]])],
    owedBy: [ex('a merchant', (db) => bills.owedBy(db, MERCHANT))],
    channelRow: [ex('by id', (db) => bills.channelRow(db, CHANNEL))],
    analyzeBillLines: [ex('after a large bill', (db) => bills.analyzeBillLines(db))],
    billRow: [ex('by id', (db) => bills.billRow(db, BILL))],
    lineIdSpan: [ex('a bill', (db) => bills.lineIdSpan(db, BILL))],
    linesToPost: [ex('a chunk', (db) => bills.linesToPost(db, BILL, 1, 500))],
    markBillPosted: [ex('a bill', (db) => bills.markBillPosted(db, BILL, STAFF))],
  }),
  repo('modules/bills/lines-repo.ts', lines, {
    lineRow: [ex('by id', (db) => lines.lineRow(db, LINE))],
    claimVoidedLine: [
      ex('charged', (db) => lines.claimVoidedLine(db, LINE, 'key', 'charged', 'used after void', STAFF)),
    ],
    setLineMoney: [
      ex('a line', (db) => lines.setLineMoney(db, LINE, { merchant_change: 250, penalty: 0, taken: 250, owed: 0 })),
    ],
    claimDispute: [ex('a line', (db) => lines.claimDispute(db, LINE, 'Weighed 2 lb at the counter'))],
    setLineWorkOrder: [ex('a line', (db) => lines.setLineWorkOrder(db, LINE, 77))],
    settleOpenDispute: [
      ex('accepted', (db) =>
        lines.settleOpenDispute(db, LINE, {
          dispute: 'accepted',
          dispute_answer: 'Refunded',
          settled_by: STAFF,
          settled_at: NOW,
          owed: 0,
        }),
      ),
    ],
    owingLines: [ex('a merchant', (db) => lines.owingLines(db, MERCHANT))],
    takeOwed: [ex('part of a line', (db) => lines.takeOwed(db, LINE, 100))],
  }),
  repo('modules/bills/match-repo.ts', match, {
    postedTotalLines: [
      ex('changes only', (db) => match.postedTotalLines(db, [1001, 1002], null)),
      ex('with whole charges of a preset', (db) => match.postedTotalLines(db, [1001, 1002], 'fedex')),
    ],
    parcelsByTracking: [ex('two numbers', (db) => match.parcelsByTracking(db, ['1Z1', '1Z2']))],
    billableOrders: [ex('two orders', (db) => match.billableOrders(db, CHANNEL, [1001, 1002]))],
    payOnUseReturns: [ex('two orders', (db) => match.payOnUseReturns(db, [1001, 1002]))],
    linesPostedAs: [ex('two keys', (db) => match.linesPostedAs(db, ['1Z1:total', '1Z2:total']))],
  }),
  repo('modules/bills/reports-repo.ts', reports, {
    insertReport: [
      ex(
        'a request',
        (db) =>
          reports.insertReport(db, {
            channel_id: CHANNEL,
            upstream_id: '',
            date_from: '2023-11-01',
            date_to: '2023-11-07',
            status: 'requested',
            bill_id: null,
            requested_by: STAFF,
            requested_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: 5 }]],
      ),
    ],
    unfoundAsk: [ex('a span', (db) => reports.unfoundAsk(db, CHANNEL, '2023-11-01', '2023-11-07'))],
    reportFoundAs: [ex('a report', (db) => reports.reportFoundAs(db, 5, 'rpt_123'))],
    reportById: [ex('by id', (db) => reports.reportById(db, 5), [[{ id: 5 }]])],
    reportPage: [
      ex('every channel', (db) => reports.reportPage(db, undefined, PAGE.page, PAGE.pageSize)),
      ex('one channel', (db) => reports.reportPage(db, CHANNEL, PAGE.page, PAGE.pageSize)),
    ],
    reportRow: [ex('by id', (db) => reports.reportRow(db, 5))],
    settleReport: [ex('previewed', (db) => reports.settleReport(db, 5, { status: 'previewed', billId: BILL }))],
  }),
  repo('modules/bills/adjustment-risk-repo.ts', risk, {
    recentPaidLabels: [ex('a merchant', (db) => risk.recentPaidLabels(db, MERCHANT, 200))],
    chargedCorrections: [ex('a merchant', (db) => risk.chargedCorrections(db, MERCHANT))],
    ordersInScope: [
      ex('any account', (db) => risk.ordersInScope(db, ANY_ACCOUNT, [1001, 1002])),
      ex('own', (db) => risk.ordersInScope(db, OWN, [1001, 1002])),
      ex('owned accounts', (db) => risk.ordersInScope(db, OWNED, [1001, 1002])),
    ],
  }),
  repo('modules/bills/bill-views-repo.ts', billViews, {
    billView: [
      ex('by id', (db) => billViews.billView(db, BILL, 'en-US'), [
        [{ id: BILL, errors: '[]', created_at: NOW, posted_at: null }],
      ]),
    ],
    billViews: [ex('two bills', (db) => billViews.billViews(db, [BILL, BILL + 1], 'en-US'))],
    billIds: [
      ex('every channel', (db) => billViews.billIds(db, undefined, PAGE.page, PAGE.pageSize)),
      ex('one channel', (db) => billViews.billIds(db, CHANNEL, PAGE.page, PAGE.pageSize)),
    ],
  }),
  repo('modules/bills/line-views-repo.ts', lineViews, {
    billLines: [
      ex('a bill', (db) => lineViews.billLines(db, BILL, {}, PAGE.page, PAGE.pageSize)),
      ex('by kind and tracking number', (db) =>
        lineViews.billLines(db, BILL, { kind: 'adjustment', trackingNo: '1z999' }, PAGE.page, PAGE.pageSize),
      ),
    ],
    linesOfMerchant: [ex('a merchant', (db) => lineViews.linesOfMerchant(db, MERCHANT, PAGE.page, PAGE.pageSize))],
    unexplainedLines: [
      ex('every reason', (db) => lineViews.unexplainedLines(db, {}, PAGE.page, PAGE.pageSize)),
      ex('one channel, one reason', (db) =>
        lineViews.unexplainedLines(db, { channelId: CHANNEL, reason: 'unposted' }, PAGE.page, PAGE.pageSize),
      ),
    ],
    disputedLines: [
      ex('every dispute', (db) => lineViews.disputedLines(db, undefined, PAGE.page, PAGE.pageSize)),
      ex('open ones', (db) => lineViews.disputedLines(db, 'open', PAGE.page, PAGE.pageSize)),
    ],
    lineById: [
      ex('by id', (db) => lineViews.lineById(db, LINE), [
        [{ id: LINE, amount: 0, cost_change: 0, weight: null, length: null, posted_at: null }],
      ]),
    ],
  }),
  repo('modules/bills/post-writes-repo.ts', postWrites, {
    markDuplicate: [ex('a line', (db) => postWrites.markDuplicate(db, { id: LINE, lineKey: '1Z1:total' }))],
    claimUnpostedLines: [ex('two lines', (db) => postWrites.claimUnpostedLines(db, [LINE, LINE + 1], NOW))],
    markLinesVoided: [ex('two lines', (db) => postWrites.markLinesVoided(db, [LINE, LINE + 1]))],
    setPostedMoney: [
      ex('two lines', (db) =>
        postWrites.setPostedMoney(db, [
          [LINE, { costChange: 250, merchantChange: 250, penalty: 0, taken: 250, owed: 0 }],
          [LINE + 1, { costChange: -100, merchantChange: -100, penalty: 0, taken: 0, owed: 0 }],
        ]),
      ),
    ],
    postedAtOf: [ex('a line', (db) => postWrites.postedAtOf(db, LINE))],
  }),
  repo('modules/bills/reconciliation-repo.ts', reconciliation, {
    labelDays: [ex('a week', (db) => reconciliation.labelDays(db, CHANNEL, NOW - 7 * DAY, NOW))],
    postedLineDays: [ex('a week', (db) => reconciliation.postedLineDays(db, CHANNEL, NOW - 7 * DAY, NOW))],
    unexplainedLines: [ex('a week', (db) => reconciliation.unexplainedLines(db, CHANNEL, NOW - 7 * DAY, NOW))],
  }),
];
