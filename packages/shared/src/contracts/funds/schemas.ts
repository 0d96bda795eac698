import { z } from 'zod';
import { WALLETS } from '../../constants.ts';
import { FUND_TYPES, PAYMENT_METHODS, RECHARGE_STATUS } from '../../funds.ts';
import { pageOf, pageQuery, queryId, wholeNumber } from '../common.ts';
import { moneyInput, moneyView, positiveMoneyInput } from '../money.ts';

const money = moneyView;
const time = z.iso
  .datetime()
  .or(z.iso.date())
  .transform((value) => Date.parse(value));

/** Date filters: `from` inclusive, `to` exclusive; a bare date means midnight UTC. */
const period = { from: time.optional(), to: time.optional() };

export const rechargeBody = z.object({
  currency: z.enum(WALLETS),
  paymentMethod: z.enum(PAYMENT_METHODS),
  amount: positiveMoneyInput,
  voucherId: z.number().int().positive().optional(),
  remark: z.string().trim().max(500).default(''),
});

export const rechargeQuery = pageQuery.extend({
  status: wholeNumber(z.number().refine((s) => (Object.values(RECHARGE_STATUS) as number[]).includes(s))).optional(),
  currency: z.enum(WALLETS).optional(),
  keyword: z.string().trim().optional(),
  userId: queryId().optional(),
  ...period,
});

export const reviewBody = z.discriminatedUnion('approve', [
  z.object({
    id: z.number().int().positive(),
    approve: z.literal(true),
    actualAmount: positiveMoneyInput,
    remark: z.string().trim().max(500).default(''),
  }),
  z.object({
    id: z.number().int().positive(),
    approve: z.literal(false),
    reason: z.string().trim().min(1, 'reasonRequired').max(500),
  }),
]);

export const adjustBody = z.object({
  userId: z.number().int().positive(),
  currency: z.enum(WALLETS),
  amount: moneyInput
    .refine((cents) => cents !== 0, 'amountInvalid')
    .describe('signed: positive credits, negative debits'),
  remark: z.string().trim().min(1, 'remarkRequired').max(500),
});

export const creditLimitBody = z.object({
  userId: z.number().int().positive(),
  currency: z.enum(WALLETS),
  creditLimit: moneyInput.refine((cents) => cents >= 0, 'amountInvalid'),
});

/** `type=1` or `type=1,2,8`: fund types as decimal digits, comma-separated. */
const fundTypeList = z
  .string()
  .regex(/^\d+(,\d+)*$/, 'wholeNumberInvalid')
  .transform((value) => value.split(',').map(Number))
  .refine((types) => types.every((type) => (FUND_TYPES as number[]).includes(type)), 'invalidInput');

export const balanceLogQuery = pageQuery.extend({
  type: fundTypeList.optional(),
  currency: z.enum(WALLETS).optional(),
  keyword: z.string().trim().optional(),
  userId: queryId().optional(),
  ...period,
});

export const rechargeView = z.object({
  id: z.number(),
  userId: z.number(),
  username: z.string(),
  currency: z.string(),
  paymentMethod: z.string(),
  forecastAmount: money,
  actualAmount: money.nullable(),
  voucherUrl: z.string().nullable(),
  status: z.number().describe('0 pending review, 1 approved, 2 rejected'),
  remark: z.string(),
  auditRemark: z.string(),
  submittedAt: z.string(),
  arrivedAt: z.string().nullable(),
  auditedAt: z.string().nullable(),
});

export const balanceLogView = z.object({
  id: z.number(),
  userId: z.number(),
  email: z.string(),
  currency: z.string(),
  type: z.number(),
  amount: money.describe('change of available funds'),
  earnestAmount: money,
  depositAmount: money,
  balanceAfter: money,
  earnestAfter: money,
  depositAfter: money,
  referenceType: z.string().nullable(),
  referenceNo: z.string().nullable(),
  remark: z.string(),
  time: z.string(),
});

export const totalsView = z.object({ income: money, expense: money, net: money });

export const rechargePage = pageOf(rechargeView);
export const ledgerPage = pageOf(balanceLogView).extend({ totals: totalsView });

export const doubtfulWalletView = z.object({
  userId: z.number(),
  username: z.string(),
  currency: z.string(),
  balance: z.string(),
  ledgerBalance: z.string(),
  earnestBalance: z.string(),
  ledgerEarnest: z.string(),
  depositBalance: z.string(),
  ledgerDeposit: z.string(),
});

export const doubtfulOrderView = z.object({
  orderId: z.number(),
  orderNo: z.string(),
  userId: z.number(),
  status: z.number(),
  net: z.string(),
  expected: z.string(),
  earnestNet: z.string(),
  expectedEarnest: z.string(),
});

export type RechargeRecord = z.output<typeof rechargeView>;
export type BalanceLog = z.output<typeof balanceLogView>;
export type Totals = z.output<typeof totalsView>;
export type LedgerPage = z.output<typeof ledgerPage>;
export type DoubtfulWallet = z.output<typeof doubtfulWalletView>;
export type DoubtfulOrder = z.output<typeof doubtfulOrderView>;
export type RechargeQuery = z.output<typeof rechargeQuery>;
export type BalanceLogQuery = z.output<typeof balanceLogQuery>;
/** What a caller sends (amounts as decimal text with at most two places). */
export type RechargeInput = z.input<typeof rechargeBody>;
export type ReviewInput = z.input<typeof reviewBody>;
export type AdjustInput = z.input<typeof adjustBody>;
export type CreditLimitInput = z.input<typeof creditLimitBody>;
