import * as contracts from '@parcelport/shared/contracts/saved-views/index';
import { call } from './call';

/**
 * Saved views of the order list (issue 30): each person's own, and those shared within the merchant's team.
 * The shapes are the contracts' (packages/shared/src/contracts/saved-views).
 */
export type { SavedView, SavedViewState } from '@parcelport/shared/contracts/saved-views/index';

export const SAVED_VIEWS_KEY = 'orderViews';

export const listOrderViews = () => call(contracts.listOrderViews, {});
export const saveOrderView = (body: { name: string; shared: boolean; state: contracts.SavedViewState }) =>
  call(contracts.saveOrderView, { body });
export const updateOrderView = (
  id: number,
  body: { name?: string; shared?: boolean; state?: contracts.SavedViewState },
) => call(contracts.updateOrderView, { params: { id }, body });
export const deleteOrderView = (id: number) => call(contracts.deleteOrderView, { params: { id } });
