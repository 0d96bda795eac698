import { parseMoney } from '@parcelport/shared';
import { z } from 'zod';

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
