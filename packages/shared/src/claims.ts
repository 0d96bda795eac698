/**
 * Insurance claims (issue 28, docs/spec.md §9 claims): what a merchant may claim on an insured order, when,
 * and what staff's decision pays. Shared by the server (which enforces it) and the web app (which shows it).
 */
import { DAY_MS } from './time.ts';

export const CLAIM_TYPES = ['lost', 'damaged', 'deliveredNotReceived'] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];

/**
 * A claim's life: submitted → inReview → approved / partlyApproved (a lower amount) / rejected (a reason);
 * an approved or partly approved claim → paid, once.
 */
export const CLAIM_STATUSES = ['submitted', 'inReview', 'approved', 'partlyApproved', 'rejected', 'paid'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

/** The states in which a claim still blocks another of its type on the order (a rejected one does not). */
export const CLAIM_BLOCKING_STATUSES: readonly ClaimStatus[] = [
  'submitted',
  'inReview',
  'approved',
  'partlyApproved',
  'paid',
];

/**
 * The filing window of each claim type, in days, modelled on what the carriers and parcel insurers publish
 * (USPS: a lost parcel from 15 days after mailing, damage within 60 days; insurers: non-receipt within 30
 * days of the delivery scan):
 * - `lost`: a parcel bought and on its way (not delivered) whose last scan (the label's creation when it
 *   was never scanned in transit) is at least `opensAfterDays` old, up to `closesAfterDays` after the label
 *   was made;
 * - `damaged`: a delivered parcel, from its delivery up to `closesAfterDays` after it;
 * - `deliveredNotReceived`: a delivered parcel the recipient says never arrived, from its delivery up to
 *   `closesAfterDays` after it.
 */
export const CLAIM_WINDOWS: Record<
  ClaimType,
  { from: 'lastScan' | 'delivery'; opensAfterDays: number; closesAfterDays: number }
> = {
  lost: { from: 'lastScan', opensAfterDays: 15, closesAfterDays: 90 },
  damaged: { from: 'delivery', opensAfterDays: 0, closesAfterDays: 60 },
  deliveredNotReceived: { from: 'delivery', opensAfterDays: 0, closesAfterDays: 30 },
};

/**
 * Whether the claim type's rule gives the postage back with the payout: a lost parcel's label was never
 * delivered, so its postage (the label's price, not the insurance premium) is refunded; a damaged or
 * not-received parcel was delivered and its postage stays paid.
 */
export const CLAIM_REFUNDS_POSTAGE: Record<ClaimType, boolean> = {
  lost: true,
  damaged: false,
  deliveredNotReceived: false,
};

/** docs/spec.md §9: 10% of the compensation is deducted; the merchant is credited the rest. */
export const CLAIM_DEDUCTION_PERCENT = 10;

/** What an approved amount (cents) credits the wallet: the amount less the 10% deduction, rounded to the cent. */
export function claimPayout(approvedCents: number): number {
  return approvedCents - Math.round((approvedCents * CLAIM_DEDUCTION_PERCENT) / 100);
}

/** At most this many photos or invoices per claim (each an upload under the attachments' 500KB limit). */
export const CLAIM_MAX_FILES = 10;

/**
 * A claim type's window on an order: when it opens and closes (epoch ms), or null when the order is not in
 * the state the type needs (a `lost` claim on a delivered parcel, a `damaged` one on a parcel on its way).
 * `lastScanAt` is the newest tracking update (or the label's creation), `deliveredAt` the delivery's.
 */
export function claimWindow(
  type: ClaimType,
  order: {
    labelCreatedAt: number;
    lastScanAt: number;
    deliveredAt: number | null;
    delivered: boolean;
    onItsWay: boolean;
  },
): { opensAt: number; closesAt: number } | null {
  const window = CLAIM_WINDOWS[type];
  if (window.from === 'lastScan') {
    if (!order.onItsWay) return null;
    return {
      opensAt: order.lastScanAt + window.opensAfterDays * DAY_MS,
      closesAt: order.labelCreatedAt + window.closesAfterDays * DAY_MS,
    };
  }
  if (!order.delivered || order.deliveredAt === null) return null;
  return {
    opensAt: order.deliveredAt + window.opensAfterDays * DAY_MS,
    closesAt: order.deliveredAt + window.closesAfterDays * DAY_MS,
  };
}

/**
 * Unused labels (issue 28): a label never scanned this many days after it was made is voided and refunded
 * by the sweep, unless its merchant turned that off. A channel may set its own number (`unusedVoidDays`,
 * 0 = never); without one, the carrier's: USPS allows refunds of unused labels for 30 days, so 28 leaves
 * room; UPS voids within 90 days and FedEx charges only scanned labels, so 30 keeps the list tidy.
 */
export const UNUSED_LABEL_DAYS_BY_CARRIER: Record<string, number> = { USPS: 28 };
export const UNUSED_LABEL_DEFAULT_DAYS = 30;
/** The merchant is told this many days before the void. */
export const UNUSED_LABEL_WARN_DAYS = 3;

export function unusedLabelDays(carrierCode: string | null, channelDays: number | undefined): number {
  if (channelDays !== undefined) return channelDays;
  return UNUSED_LABEL_DAYS_BY_CARRIER[carrierCode ?? ''] ?? UNUSED_LABEL_DEFAULT_DAYS;
}
