import type { ModuleDeclaration } from '../../declaration.ts';
import { trackingPageRoutes } from './page-routes.ts';
import { trackingProviders } from './providers.ts';
import { startPushApplier } from './push-inbox.ts';
import { trackingRoutes } from './routes.ts';
import { startTrackingRefresh } from './service.ts';

/** The routes and the background refresh share one set of providers (and so their pacing). */
export const declareModule: ModuleDeclaration = (ctx) => {
  const providers = trackingProviders(ctx);
  return {
    api: [trackingRoutes(ctx, providers)],
    pages: [trackingPageRoutes(ctx)],
    background: () => {
      const stopRefresh = startTrackingRefresh(
        ctx,
        providers,
        {
          everyMs: async () => (await ctx.settings.current()).tracking.refreshMinutes * 60_000,
          transitTooLongDays: ctx.config.transitTooLongDays,
        },
        ctx.log,
      );
      // The carriers' stored pushes, applied in groups (push-inbox.ts).
      const stopApplier = startPushApplier(ctx, { pollMs: ctx.config.jobPollMs });
      return async () => {
        await Promise.all([stopRefresh(), stopApplier()]);
      };
    },
  };
};
