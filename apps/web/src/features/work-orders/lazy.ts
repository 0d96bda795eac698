/**
 * The screens of work-orders, each loaded on demand: the router's entries to the feature (src/house-plan.test.ts).
 * Only import() here, so that no screen is taken into the router's chunk.
 */
export const WorkOrderReply = () => import('./WorkOrderReply');
export const ReplyService = () => import('./ReplyService');
export const WorkOrders = () => import('./WorkOrders');
export const ServiceManagement = () => import('./ServiceManagement');
