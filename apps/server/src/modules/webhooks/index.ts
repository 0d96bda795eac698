/** The face of modules/webhooks: what other rooms may use of it (docs/architecture.md). */
export { deliveryTask, fanoutTask, WEBHOOK_DELIVERY_TASK, WEBHOOK_FANOUT_TASK } from './deliver.ts';
export type { WebhookPayload } from './delivery.ts';
export { WEBHOOK_JOB, webhookTask } from './delivery.ts';
export { declareModule } from './module.ts';
export { pruneWebhookLogSweep } from './prune.ts';
export { webhookRoutes } from './routes.ts';
export {
  batchCompleted,
  billAdjusted,
  claimUpdated,
  labelsCreated,
  labelVoided,
  ordersImported,
  refundCompleted,
  returnUsed,
  trackingUpdated,
  trackingUpdatedMany,
} from './sources.ts';
