import type { InputOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/pickups/index';
import { call } from './call';

/**
 * Carrier pickups (issue 30): the day's labels by channel, the merchant's bookings, booking and cancelling.
 * The shapes are the contracts' (packages/shared/src/contracts/pickups).
 */
export { PICKUP_LOCATIONS, type PickupLocationCode, type PickupView } from '@parcelport/shared/contracts/pickups/index';
export type PickupLabels = Awaited<ReturnType<typeof pickupLabels>>[number];
export type BookPickupInput = InputOf<typeof contracts.bookPickup>['body'];

export const PICKUPS_KEY = 'pickups';

export const pickupLabels = (date: string) => call(contracts.listPickupLabels, { query: { date } });
export const listPickups = () => call(contracts.listPickups, {});
export const bookPickup = (input: BookPickupInput) => call(contracts.bookPickup, { body: input });
export const cancelPickup = (id: number) => call(contracts.cancelPickup, { params: { id } });

/** Bookings whose answer was lost at a carrier that cannot be asked about them, waiting for staff. */
export const listUnknownPickups = () => call(contracts.listUnknownPickups, {});
/** Records the carrier's confirmation number of a booking (scheduled, its fee charged) or marks it not booked. */
export const settlePickup = (id: number, body: InputOf<typeof contracts.settlePickup>['body']) =>
  call(contracts.settlePickup, { params: { id }, body });
