import { FUND_TYPES, PAYMENT_METHODS, RECHARGE_STATUS, WALLETS } from '@parcelport/shared';
import { z } from 'zod';
import { pageQuery } from '../../http/envelope.ts';
import { moneyInput, positiveMoneyInput } from '../../http/money.ts';
import { queryId, wholeNumber } from '../../http/numbers.ts';

const money = z.string();
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
