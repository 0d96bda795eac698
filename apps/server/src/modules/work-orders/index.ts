/** The face of modules/work-orders: what other rooms may use of it (docs/architecture.md). */

export { declareModule } from './module.ts';
export { addReply, insertWorkOrder, moveWorkOrder } from './repo.ts';
export { workOrderRoutes } from './routes.ts';
export { newTicketNo } from './service.ts';
