/** The face of modules/orders: what other rooms may use of it (docs/architecture.md). */
export { actorOf, eachOrder, ownOrder, scopedOrder, stateError, testModeOf } from './actions.ts';
export { markAddressChecks, recipientsOf, recordAddressCorrection } from './address-checks-repo.ts';
export type { BilledOrder } from './billing-repo.ts';
export {
  claimBilling,
  moveBilledCost,
  moveBilledCosts,
  ordersByIds,
  setCommission,
  settleBilledCosts,
} from './billing-repo.ts';
export { carrierRefundsToFollow, recordCarrierRefund } from './carrier-refunds-repo.ts';
export { makeDrafts } from './drafts.ts';
export { insertDraft, updateDraft } from './drafts-repo.ts';
export type { OrderEvent, OrderEventName } from './events-repo.ts';
export { addEvent, addEvents } from './events-repo.ts';
export type { AskedParcel } from './form-settlements-repo.ts';
export { askedParcel, askedWith, asksBefore, recordSettlement } from './form-settlements-repo.ts';
export { bulkFormatOf, hasCarrierLabels, labelNameOf, orderLabelFile } from './label-files.ts';
export type { LabelFormat } from './labels.ts';
export { labelsOfOrder } from './labels.ts';
export { isLiveRejection, liveRejection } from './live-label.ts';
export { ASK_SETTLES_AFTER_MS, manifestFiles, markAsked, recordManifest, releaseAsked } from './manifest-repo.ts';
export { declareModule } from './module.ts';
export { newBatchNo, newOrderNo } from './numbers.ts';
export { withReviewThresholds } from './order-list-repo.ts';
export type { BoughtLabel, Placing } from './placing-repo.ts';
export {
  completePlacing,
  failFromPlacing,
  lapsedPurchases,
  markUnconfirmed,
  moveToPlacing,
  releasePlacing,
  rememberUpstreamId,
  renewPlacing,
  takeOverPlacing,
  unconfirmedPurchases,
} from './placing-repo.ts';
export type { OrderRow, ParcelRow } from './repo.ts';
export {
  countOrdersInScope,
  findOrder,
  findOrderInScope,
  LIST_COLUMNS,
  markReviewed,
  ordersWithParcels,
  ownOrderByNumber,
  parcelsOf,
  parcelsOfOrders,
  parseAddress,
  touchOrders,
  transition,
  withinScope,
} from './repo.ts';
export { markOrderReturn, setChargedQuote } from './return-orders-repo.ts';
export type { OrderInput, ParcelInput } from './schemas.ts';
export { orderInput } from './schemas.ts';
export type { Selection } from './selection-repo.ts';
export { selectedOrders, selectionHasCarrierLabels } from './selection-repo.ts';
export { claimEarnestRelease, claimRefund } from './settlement-repo.ts';
export { createTrackingPages, orderIdOfPage, ownPages, parcelStatesOf, publicIdOf } from './tracking-pages-repo.ts';
export { orderListItem } from './views.ts';
