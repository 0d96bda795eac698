import type * as contracts from '@parcelport/shared/contracts/claims/index';

/**
 * Insurance claims (issue 28): the merchant's (`/app/claim`) and staff's (`/admin/claim`, adminClaimList).
 * The shapes are the contracts' (packages/shared/src/contracts/claims).
 */
export type Claim = contracts.ClaimView;
export type ClaimFilter = Omit<contracts.ClaimListQuery, 'page' | 'pageSize'>;
export type ClaimDecision = contracts.DecideClaimInput;

export const CLAIMS_KEY = 'claims';
