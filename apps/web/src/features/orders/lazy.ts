/**
 * The screens of orders, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const OrderList = () => import('./OrderList');
export const OrderDetail = () => import('./OrderDetail');
export const UnusedLabels = () => import('./UnusedLabels');
export const AllWaybills = () => import('./staff/AllWaybills');
export const OrderReview = () => import('./staff/OrderReview');
