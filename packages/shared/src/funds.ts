/**
 * Ledger row types. 0-4 are the fund-record types of docs/spec.md §2 (the five admin fund-detail screens); the
 * rest are the other balance changes the platform makes (docs/design.md §5).
 */
export const FUND_TYPE = {
  recharge: 0,
  placeOrder: 1,
  refund: 2,
  marginRelease: 3,
  billDeduction: 4,
  zoneFee: 5,
  penalty: 6,
  adjustment: 7,
  earnestFreeze: 8,
  depositFreeze: 9,
  depositRelease: 10,
  /**
   * A proxy's commission on a label its customer bought (credited with the purchase, negative when the
   * label is refunded): the customer's price minus the platform's price for the proxy.
   */
  commission: 11,
  /** An insurance claim paid out (the approved amount less the deduction), tied to the claim (issue 28). */
  claimPayout: 12,
} as const;
export type FundType = (typeof FUND_TYPE)[keyof typeof FUND_TYPE];
export const FUND_TYPES = Object.values(FUND_TYPE) as FundType[];

/** The fund types that concern postage (docs/spec.md §2 feeDetails): what shipping cost the merchant. */
export const POSTAGE_FUND_TYPES: FundType[] = [
  FUND_TYPE.placeOrder,
  FUND_TYPE.refund,
  FUND_TYPE.marginRelease,
  FUND_TYPE.billDeduction,
  FUND_TYPE.zoneFee,
  FUND_TYPE.penalty,
  FUND_TYPE.earnestFreeze,
];

export const RECHARGE_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export type RechargeStatus = (typeof RECHARGE_STATUS)[keyof typeof RECHARGE_STATUS];

/** docs/spec.md §9 recharge payment methods. */
export const PAYMENT_METHODS = [
  'p2pBankTransfer',
  'achWire',
  'hkBank',
  'rmbBank',
  'corporateWallet',
  'alipay',
  'wechatPay',
  'other',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** docs/spec.md §9: international packages freeze an assurance deposit. */
export const INTERNATIONAL_DEPOSIT_CENTS = { import: 20_000, export: 10_000 } as const;
export const WRONG_SIZE_PENALTY_CENTS = 500;
export const ZONE_QUERY_FEE_CENTS = 10;

export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
