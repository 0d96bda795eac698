/** What an order must be before it is rated or bought: whole, in Latin letters, not held for review. */
import { nonLatinFields } from '@parcelport/shared';
import { addressInput } from '@parcelport/shared/contracts/addresses/schemas';
import { dimensionInput, weightInput } from '@parcelport/shared/contracts/measures';
import { z } from 'zod';
import { AppError } from '../../core/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { type OrderRow, type parcelsOf, parseAddress } from '../orders/index.ts';

/** An order's parcels as stored, read for rating or buying it. */
export type ParcelRows = Awaited<ReturnType<typeof parcelsOf>>;

/** What a saved order needs before it is rated or bought: its parties whole and each parcel measured. */
const completeOrder = z.object({
  from: addressInput,
  to: addressInput,
  parcels: z.array(
    z.object({ length: dimensionInput(), width: dimensionInput(), height: dimensionInput(), weight: weightInput() }),
  ),
});

/**
 * A draft saves with what it has; rating or buying it checks it whole with the create payload's own rules,
 * naming each missing or malformed field (`to.zipCode`, `parcels.0.length`) in one 400.
 */
export function refuseIncompleteOrder(order: OrderRow, parcels: ParcelRows): void {
  const checked = completeOrder.safeParse({
    from: parseAddress(order.from_address),
    to: parseAddress(order.to_address),
    parcels,
  });
  if (checked.success) return;
  const fields: Record<string, MessageKey> = {};
  for (const issue of checked.error.issues) fields[issue.path.join('.')] ??= issue.message as MessageKey;
  // The fields as a 400's fields (a form marks them), and named in the message (a list's action shows it).
  throw new AppError(400, 'orderIncomplete', { fields }, { fields: Object.keys(fields).join(', ') });
}

/**
 * A draft may keep a Chinese name or street (the merchant fixes it later), but a carrier reads the parties
 * in Latin letters only: buying refuses the order naming each such field (`to.personName`) in one 400.
 */
export function refuseNonLatinParties(order: OrderRow): void {
  const fields: Record<string, MessageKey> = {};
  for (const [party, stored] of [
    ['from', order.from_address],
    ['to', order.to_address],
  ] as const) {
    for (const field of nonLatinFields(parseAddress(stored))) fields[`${party}.${field}`] = 'addr_latinOnly';
  }
  if (Object.keys(fields).length === 0) return;
  throw new AppError(400, 'addressNotLatin', { fields }, { fields: Object.keys(fields).join(', ') });
}

/** An order a rule held for review is not bought, by any path, until the merchant releases it. */
export function refuseHeld(order: OrderRow): void {
  if (order.held_for_review === 1) throw new AppError(422, 'orderHeldForReview');
}
