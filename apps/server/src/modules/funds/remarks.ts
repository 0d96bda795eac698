import type { Locale } from '@parcelport/shared';
import { FUND_TYPE } from '@parcelport/shared';
import { type MessageKey, translate } from '../../i18n/messages.ts';

/**
 * The remarks the platform itself writes on ledger rows, as codes: shown in the reader's language
 * (remarkText), and what tells one kind of row from another of the same type (an accepted dispute's
 * refund from a bill's). Staff write their own words on the rows they make (a recharge, an adjustment).
 */
export const LEDGER_REMARK = {
  /** A proxy's commission taken back with its label's refund. */
  refunded: 'refunded',
  /** A proxy's commission moved with what the carrier billed for the label. */
  billed: 'billed',
  /** The penalty for a parcel whose size or weight was declared wrong (docs/spec.md §9). */
  wrongSize: 'wrongSize',
  /** A carrier bill's deduction or refund. */
  carrierBill: 'carrierBill',
  /** What a carrier bill left owed, taken later (after a top-up). */
  owedFromBill: 'owedFromBill',
  /** What an accepted bill dispute gave back. */
  disputeAccepted: 'disputeAccepted',
  /** A pay-on-use return label charged at the carrier's first scan (modules/returns/first-scan.ts). */
  returnUsed: 'returnUsed',
  /** A carrier's fee for a pickup (modules/pickups), and its refund when the pickup is cancelled. */
  pickupFee: 'pickupFee',
  pickupRefunded: 'pickupRefunded',
} as const;
export type LedgerRemark = (typeof LEDGER_REMARK)[keyof typeof LEDGER_REMARK];

const TEXT: Record<LedgerRemark, MessageKey> = {
  refunded: 'ledgerRemarkRefunded',
  billed: 'ledgerRemarkBilled',
  wrongSize: 'ledgerRemarkWrongSize',
  carrierBill: 'ledgerRemarkCarrierBill',
  owedFromBill: 'ledgerRemarkOwedFromBill',
  disputeAccepted: 'ledgerRemarkDisputeAccepted',
  returnUsed: 'ledgerRemarkReturnUsed',
  pickupFee: 'ledgerRemarkPickupFee',
  pickupRefunded: 'ledgerRemarkPickupRefunded',
};

/** The rows whose remark is staff's own words, never a code. */
const STAFF_WORDS: number[] = [FUND_TYPE.recharge, FUND_TYPE.adjustment];

/** A ledger row's remark as its reader sees it: the platform's in their language, staff's as written. */
export function remarkText(row: { type: number; remark: string }, locale: Locale): string {
  if (STAFF_WORDS.includes(row.type) || !Object.hasOwn(TEXT, row.remark)) return row.remark;
  return translate(TEXT[row.remark as LedgerRemark], locale);
}
