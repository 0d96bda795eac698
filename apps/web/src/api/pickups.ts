import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import type * as contracts from '@parcelport/shared/contracts/pickups/index';

/**
 * Carrier pickups (issue 30): the day's labels by channel, the merchant's bookings, booking and cancelling.
 * The shapes are the contracts' (packages/shared/src/contracts/pickups).
 */
export { PICKUP_LOCATIONS, type PickupLocationCode, type PickupView } from '@parcelport/shared/contracts/pickups/index';
export type PickupLabels = AnswerOf<typeof contracts.listPickupLabels>[number];

export const PICKUPS_KEY = 'pickups';
