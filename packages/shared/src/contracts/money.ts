import { z } from 'zod';
import { parseMoney } from '../money.ts';

/** A money amount in a request: a decimal string or number with at most two places, parsed to cents. */
export const moneyInput = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = parseMoney(String(value));
  if (cents === null) {
    ctx.addIssue({ code: 'custom', message: 'amountInvalid' });
    return z.NEVER;
  }
  return cents;
});

export const positiveMoneyInput = moneyInput.refine((cents) => cents > 0, 'amountPositive');

/** A money amount in an answer: a two-place decimal string (docs/api.md). */
export const moneyView = z.string();
