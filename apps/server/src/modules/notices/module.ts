import type { ModuleDeclaration } from '../../declaration.ts';
import { noticeRoutes } from './routes.ts';
import { noticeRecipient, noticeRecipients } from './service.ts';

export const declareModule: ModuleDeclaration = (ctx) => ({
  api: [noticeRoutes(ctx)],
  // The recipient is told of the parcel's new state once it is recorded.
  hooks: {
    parcelNews: {
      changed: (ctx, news) => noticeRecipient(ctx, news.orderId, news.latest.status, news.order?.userId),
      changedMany: (ctx, news) =>
        noticeRecipients(
          ctx,
          news.map((item) => ({ orderId: item.orderId, status: item.latest.status, merchant: item.order?.userId })),
        ),
    },
  },
});
