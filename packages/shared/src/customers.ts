/**
 * What staff set on a customer account (docs/spec.md §3 User: memberType, default -1, and certification),
 * and the limits of a proxy's markup (issue 13).
 */
export const MEMBER_TYPE = { none: -1, regular: 0, silver: 1, gold: 2, enterprise: 3 } as const;
export type MemberType = (typeof MEMBER_TYPE)[keyof typeof MEMBER_TYPE];
export const MEMBER_TYPES = Object.values(MEMBER_TYPE) as MemberType[];

export const CERTIFICATION = { none: 0, pending: 1, certified: 2, rejected: 3 } as const;
export type Certification = (typeof CERTIFICATION)[keyof typeof CERTIFICATION];
export const CERTIFICATIONS = Object.values(CERTIFICATION) as Certification[];

/**
 * A proxy's markup on the platform's price: a percentage from 0 to 1000 (basis points here) and a fixed
 * amount per label from 0 to 1,000.00 USD. Never below the platform's price, so a commission is never a debit.
 */
export const PROXY_MARKUP_MAX_BP = 100_000;
export const PROXY_MARKUP_MAX_FIXED_CENTS = 100_000;

/**
 * A proxy's markup applied to the platform's price for the proxy (cents): the customer's price, whose
 * difference to the platform's price is the proxy's commission.
 */
export function proxyPrice(platformCents: number, markup: { percentBp: number; fixedCents: number }): number {
  return platformCents + Math.round((platformCents * markup.percentBp) / 10_000) + markup.fixedCents;
}
