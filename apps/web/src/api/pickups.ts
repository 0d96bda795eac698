import type { AnswerOf, InputOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/pickups/index';
import { call } from './call';

/**
 * Carrier pickups (issue 30): the day's labels by channel, the merchant's bookings, booking and cancelling.
 * The shapes are the contracts' (packages/shared/src/contracts/pickups).
 */
export { PICKUP_LOCATIONS, type PickupLocationCode, type PickupView } from '@parcelport/shared/contracts/pickups/index';
export type PickupLabels = AnswerOf<typeof contracts.listPickupLabels>[number];
export type BookPickupInput = InputOf<typeof contracts.bookPickup>['body'];

export const PICKUPS_KEY = 'pickups';
export const bookPickup = (input: BookPickupInput) => call(contracts.bookPickup, { body: input });
