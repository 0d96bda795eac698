import { z } from 'zod';

/**
 * Building blocks of the staff settlements of an ask whose answer was lost at a carrier that cannot be asked
 * afterwards whether it made it (issue 25; docs/carriers.md "Retries"): a SCAN form, a pickup booking. Staff
 * find out from the carrier, then either record what it made (by the number it gave) or release the ask.
 */

/** `recorded`: the carrier made it and staff give its number; `released`: it made none, and it may be asked again. */
export const settleOutcome = z.enum(['recorded', 'released']);

/** A number the carrier gave (a form's, a pickup's confirmation): 4-40 letters, digits and hyphens. */
export const carrierNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, message);

/** Who settled it (their user name) and when. */
export const settledStamp = z.object({ settledBy: z.string(), settledAt: z.string() });
