/**
 * Saved views of the order list (issue 30): each person's own, and those shared within the merchant's team.
 * The shapes are the contracts' (packages/shared/src/contracts/saved-views).
 */
export type { SavedView, SavedViewState } from '@parcelport/shared/contracts/saved-views/index';

export const SAVED_VIEWS_KEY = 'orderViews';
