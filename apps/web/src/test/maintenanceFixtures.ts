import { fireEvent } from '@testing-library/react';
import { sampleUser } from './helpers';

/** Fixtures the maintenance screens' tests share. */

/** Types a day into one end of an antd range picker and confirms it, as a keyboard user would. */
export function typeDay(input: HTMLElement, day: string) {
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: day } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

/** An administrator holding the maintenance code. */
export const maintenanceAdmin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  kind: 'staff',
  role: ['menuSystem', 'adminChannel'],
  roleCodes: ['administrator'],
  resources: [{ code: 'menuSystem' }, { code: 'adminChannel' }],
});

/** A carrier bill line as staff's screens read it: an adjustment, not posted yet. */
export const billLine = (overrides: Record<string, unknown> = {}) => ({
  id: 100,
  row: 2,
  trackingNo: '9400111111111111111111',
  kind: 'adjustment',
  cause: 'weightOrSize',
  reason: 'Weight correction',
  orderId: 55,
  orderNo: 'PP2026030100001',
  userId: 7,
  customer: 'buyer@example.com',
  amount: '2.00',
  costChange: '2.00',
  declaredOz: 16,
  billedOz: 52,
  declaredSize: '6 x 6 x 6 in',
  billedSize: '12 x 10 x 8 in',
  declaredZone: 8,
  billedZone: '8',
  service: 'USPS Ground Advantage',
  merchantChange: null,
  penalty: null,
  taken: null,
  owed: null,
  postedAt: null,
  duplicateOf: '',
  follows: '',
  billId: 12,
  dispute: 'none',
  disputeReason: '',
  disputeAnswer: '',
  workOrderId: null,
  resolution: 'none',
  resolutionNote: '',
  ...overrides,
});

/** A reconciliation's figures (a day's or the totals), as GET /api/admin/bills/reconciliation answers them. */
export const reconciliationFigures = (overrides: Record<string, unknown> = {}) => ({
  labels: 2,
  cost: '13.80',
  charged: '15.18',
  adjustments: '2.00',
  credits: '1.00',
  merchantCharged: '7.20',
  merchantRefunded: '1.10',
  owed: '0.00',
  margin: '6.48',
  notBilled: 0,
  ...overrides,
});

const owedFigure = (count = 0, amount = '0.00') => ({ count, amount });

/** A reconciliation's claims and the refunds its carrier owes, by age: none unless overridden. */
export const carrierOwed = (
  buckets: Record<string, { count: number; amount: string }> = {},
  overdue = owedFigure(),
) => {
  const all = {
    days0to7: owedFigure(),
    days8to14: owedFigure(),
    days15to30: owedFigure(),
    over30: owedFigure(),
    ...buckets,
  };
  const values = Object.values(all);
  const cents = values.reduce((sum, figure) => sum + Math.round(Number(figure.amount) * 100), 0);
  return {
    claims: { lines: 0, amount: '0.00' },
    carrierRefunds: {
      windowDays: 30,
      total: owedFigure(
        values.reduce((sum, figure) => sum + figure.count, 0),
        (cents / 100).toFixed(2),
      ),
      overdue,
      buckets: all,
    },
  };
};

/** What a reconciliation leaves unexplained, as it answers it. */
export const reconciliationUnexplained = (overrides: Record<string, unknown> = {}) => ({
  unmatchedLines: 0,
  unmatched: '0.00',
  duplicateLines: 0,
  duplicates: '0.00',
  unpostedLines: 0,
  unposted: '0.00',
  openDisputes: 0,
  voidedLines: 0,
  voided: '0.00',
  ...overrides,
});
