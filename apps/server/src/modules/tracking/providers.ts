import type { AppContext } from '../../context.ts';
import { sharedPace } from './pace.ts';
import type { TrackingProviders } from './service.ts';
import { simulatedProvider } from './simulated.ts';
import { TRACK17_REQUESTS_PER_SECOND, track17Provider } from './track17.ts';

/**
 * The providers the configuration picks: the schedule for test labels, 17TRACK for real ones if set, paced
 * to its published rate across every instance sharing the database.
 */
export function trackingProviders(ctx: Pick<AppContext, 'config' | 'db'>): TrackingProviders {
  const { config } = ctx;
  return {
    test: simulatedProvider(config.trackingStepMs),
    live:
      config.trackingProvider === '17track' && config.track17ApiKey
        ? track17Provider({
            apiUrl: config.track17ApiUrl,
            apiKey: config.track17ApiKey,
            pace: sharedPace(ctx.db, '17track', TRACK17_REQUESTS_PER_SECOND),
          })
        : null,
  };
}
