/** The face of modules/orders: what other rooms may use of it (docs/architecture.md). */
export { actorOf, ownOrder, scopedOrder, stateError, testModeOf } from './actions.ts';
export { markAddressChecks, recipientsOf, recordAddressCorrection } from './address-checks-repo.ts';
export { addressRoutes } from './address-routes.ts';
export { ORDER_JOB_HANDLERS } from './batch.ts';
export { batchRoutes } from './batch-routes.ts';
export type { BilledOrder } from './billing-repo.ts';
export { moveBilledCost, ordersByIds, settleBilledCosts } from './billing-repo.ts';
export { followCarrierRefunds } from './carrier-refunds.ts';
export { selectedOrders } from './download-repo.ts';
export { downloadRoutes } from './download-routes.ts';
export { insertDraft, updateDraft } from './drafts-repo.ts';
export type { OrderEvent } from './events-repo.ts';
export { addEvent, addEvents, eventsOf } from './events-repo.ts';
export { newBatchNo } from './import.ts';
export { importRoutes } from './import-routes.ts';
export { bulkFormatOf, hasCarrierLabels, orderLabelFile } from './label-files.ts';
export { isLiveRejection, liveRejection } from './live-label.ts';
export { declareModule } from './module.ts';
export { buyLabel, estimateOrder } from './purchase.ts';
export { sweepLapsedPurchases } from './purchase-recovery.ts';
export { quoteView, servicesOf } from './quote.ts';
export { agedRefundsOwed } from './refunds-owed-repo.ts';
export type { OrderRow, ParcelRow } from './repo.ts';
export {
  countOrdersInScope,
  findOrder,
  findOrderInScope,
  ordersWithParcels,
  ownOrderByNumber,
  parcelsOf,
  parcelsOfOrders,
  parseAddress,
  touchOrders,
  transition,
  withinScope,
} from './repo.ts';
export { orderRoutes } from './routes.ts';
export type { OrderInput, ParcelInput } from './schemas.ts';
export { newOrderNo } from './service.ts';
export { adjustCommission, releaseEarnestOf } from './settlement.ts';
export { sendVoidToCarrier, voidLabel } from './staff-decisions.ts';
export { orderIdOfPage, ownPages, parcelStatesOf, publicIdOf } from './tracking-pages-repo.ts';
