/** The face of orders: what other features, the layout and the prerenderer may use of it. */
export { OrderListScreen } from './OrderList';
export { useTagOptions } from './OrderTags';
export { holdsEarnest, releaseAndReport } from './staff/earnest';
export { OrderDetailDrawer } from './staff/OrderDetailDrawer';
