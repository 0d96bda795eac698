import * as contracts from '@parcelport/shared/contracts/claims/index';
import * as unused from '@parcelport/shared/contracts/unused-labels/index';
import { call } from './call';

/**
 * Insurance claims (issue 28): the merchant's (`/app/claim`) and staff's (`/admin/claim`, adminClaimList).
 * The shapes are the contracts' (packages/shared/src/contracts/claims).
 */
export type Claim = contracts.ClaimView;
export type ClaimFilter = Omit<contracts.ClaimListQuery, 'page' | 'pageSize'>;
export type ClaimDecision = contracts.DecideClaimInput;

export const CLAIMS_KEY = 'claims';

export const claimOptions = (orderId: number) => call(contracts.getClaimOptions, { params: { id: orderId } });

export const fileClaim = (input: contracts.FileClaimInput) => call(contracts.fileClaim, { body: input });

export const listMyClaims = (filter: ClaimFilter, page: { page: number; pageSize: number }) =>
  call(contracts.listMyClaims, { query: { ...filter, ...page } });

export const listClaims = (filter: ClaimFilter, page: { page: number; pageSize: number }) =>
  call(contracts.listClaims, { query: { ...filter, ...page } });

export const getClaim = (id: number) => call(contracts.getClaim, { params: { id } });

export const reviewClaim = (id: number) => call(contracts.reviewClaim, { params: { id } });

export const decideClaim = (id: number, decision: ClaimDecision) =>
  call(contracts.decideClaim, { params: { id }, body: decision });

export const payClaim = (id: number) => call(contracts.payClaim, { params: { id } });

export const unusedLabelSetting = () => call(unused.getUnusedLabelSetting, {});

export const setUnusedLabelSetting = (enabled: boolean) => call(unused.setUnusedLabelSetting, { body: { enabled } });
