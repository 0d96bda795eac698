import type { Config } from '../../config.ts';
import type { TrackingProviders } from './service.ts';
import { simulatedProvider } from './simulated.ts';
import { track17Provider } from './track17.ts';

/** The providers the configuration picks: the schedule for test labels, 17TRACK for real ones if set. */
export function trackingProviders(config: Config): TrackingProviders {
  return {
    test: simulatedProvider(config.trackingStepMs),
    live:
      config.trackingProvider === '17track' && config.track17ApiKey
        ? track17Provider({ apiUrl: config.track17ApiUrl, apiKey: config.track17ApiKey })
        : null,
  };
}
