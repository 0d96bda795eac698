/**
 * Carrier pickups (issue 30): a merchant books a carrier's visit for the day's labels of a channel (date,
 * window, where the parcels wait, how many and how heavy), gets the carrier's confirmation number, and may
 * cancel it. A fee the carrier charges is taken from the wallet as a ledger row of its own, refunded on cancel.
 */
import { z } from 'zod';
import { bodyNumber, idParams } from '../common.ts';
import { defineContract } from '../contract.ts';
import { moneyView } from '../money.ts';
import { carrierNumber, settledStamp, settleOutcome } from '../staff-settlement.ts';

/** Where the parcels wait for the carrier (USPS's packageLocation values, which the others take as notes). */
export const PICKUP_LOCATIONS = [
  'FRONT_DOOR',
  'BACK_DOOR',
  'SIDE_DOOR',
  'MAIL_ROOM',
  'OFFICE',
  'RECEPTION',
  'OTHER',
] as const;
export type PickupLocationCode = (typeof PICKUP_LOCATIONS)[number];

/**
 * `confirming`: booked and its answer lost, being confirmed with the carrier (or by staff); `notBooked`: found
 * never booked, so the day may be booked again.
 */
export const PICKUP_STATUSES = ['confirming', 'scheduled', 'notBooked', 'cancelled'] as const;

const day = z.iso.date('dateInvalid');
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'timeInvalid');

/** A channel's labels of a day, as a pickup would collect them. */
export const pickupLabelsView = z.object({
  channelId: z.number(),
  channelName: z.string(),
  packageCount: z.number(),
  /** Their total weight, pounds with two places. */
  weightLb: z.number(),
  /** Whether the channel's carrier takes pickups booked here. */
  canPickUp: z.boolean(),
  /** The fee a booking will take from the wallet ("0.00": free); null when the carrier names it only as it books. */
  fee: moneyView.nullable(),
});

export const pickupView = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  pickupDate: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  location: z.enum(PICKUP_LOCATIONS),
  instructions: z.string(),
  packageCount: z.number(),
  weightLb: z.number(),
  status: z.enum(PICKUP_STATUSES),
  confirmationNo: z.string().nullable(),
  /** The carrier's fee charged from the wallet ("0.00": free). */
  fee: moneyView,
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
});
export type PickupView = z.output<typeof pickupView>;

export const listPickupLabels = defineContract({
  method: 'GET',
  path: '/app/pickups/labels',
  summary: "My labels of a day by channel, as a pickup would collect them (today's when no date is given)",
  tags: ['orders'],
  keyArea: 'labels',
  access: 'signedIn',
  scope: 'own',
  query: z.object({ date: day.optional() }),
  answer: z.array(pickupLabelsView),
});

export const listPickups = defineContract({
  method: 'GET',
  path: '/app/pickups',
  summary: 'My carrier pickups, newest first (the last 200)',
  tags: ['orders'],
  keyArea: 'labels',
  access: 'signedIn',
  scope: 'own',
  answer: z.array(pickupView),
});

export const bookPickupBody = z
  .object({
    channelId: bodyNumber().int().positive(),
    /** The day the labels were bought (today when absent). */
    labelDate: day.optional(),
    pickupDate: day,
    windowStart: clock,
    windowEnd: clock,
    location: z.enum(PICKUP_LOCATIONS),
    instructions: z.string().trim().max(200, 'textTooLong').default(''),
  })
  .refine((body) => body.windowEnd > body.windowStart, { message: 'windowInvalid', path: ['windowEnd'] });

export const bookPickup = defineContract({
  method: 'POST',
  path: '/app/pickups',
  summary: "Book a carrier pickup of a channel's labels of a day; its fee, if any, is taken from my wallet",
  tags: ['orders'],
  keyArea: 'labels',
  // It may cost money, as a label does.
  member: 'buy',
  access: 'signedIn',
  scope: 'own',
  body: bookPickupBody,
  answer: pickupView,
});

export const cancelPickup = defineContract({
  method: 'POST',
  path: '/app/pickups/:id(^\\d+)/cancel',
  summary: 'Cancel a booked pickup at the carrier; its fee comes back to my wallet',
  tags: ['orders'],
  keyArea: 'labels',
  member: 'buy',
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  answer: pickupView,
});

/**
 * A booking whose answer was lost at a carrier that cannot be asked whether it booked it (USPS; ShipEngine and
 * the demo carrier until they can be): it stays `confirming`, and the day is not booked again, until staff settle it.
 */
export const unknownPickup = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  username: z.string(),
  pickupDate: z.string(),
  packageCount: z.number(),
  askedAt: z.string(),
});
export type UnknownPickup = z.output<typeof unknownPickup>;

export const listUnknownPickups = defineContract({
  method: 'GET',
  path: '/admin/pickups/unknown',
  summary:
    'Pickup bookings whose answer was lost at a carrier that cannot be asked about them, waiting for staff, oldest first',
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  answer: z.array(unknownPickup),
});

export const settlePickupBody = z.object({
  /** `recorded`: the carrier booked it, `confirmationNo` is its number; `released`: it did not, the day may be booked again. */
  outcome: settleOutcome,
  confirmationNo: carrierNumber('pickupConfirmationInvalid').optional(),
});

export const pickupSettlement = settledStamp.extend({
  outcome: settleOutcome,
  confirmationNo: z.string().nullable(),
  /** The fee charged from the merchant's wallet for a recorded booking ("0.00": free). */
  fee: moneyView,
});
export type PickupSettlement = z.output<typeof pickupSettlement>;

export const settlePickup = defineContract({
  method: 'POST',
  path: '/admin/pickups/:id(^\\d+)/settle',
  summary:
    "Settle a pickup booking whose answer was lost: record the carrier's confirmation number (the pickup is scheduled, its fee charged) or mark it not booked",
  tags: ['orders'],
  access: { codes: ['adminChannel'] },
  scope: 'ownCustomers',
  params: idParams,
  body: settlePickupBody,
  answer: pickupSettlement,
});
