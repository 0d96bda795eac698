import type { ModuleDeclaration } from '../../declaration.ts';
import { deliveryTask, fanoutTask, WEBHOOK_DELIVERY_TASK, WEBHOOK_FANOUT_TASK } from './deliver.ts';
import { WEBHOOK_JOB, webhookTask } from './delivery.ts';
import { pruneWebhookLogSweep } from './prune.ts';
import { webhookRoutes } from './routes.ts';
import { batchCompleted } from './sources.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [webhookRoutes(ctx)],
  tasks: {
    [WEBHOOK_JOB]: webhookTask(ctx.config),
    [WEBHOOK_FANOUT_TASK]: fanoutTask,
    [WEBHOOK_DELIVERY_TASK]: deliveryTask(ctx.config),
  },
  jobCompleted: batchCompleted,
  pruning: [pruneWebhookLogSweep],
});
