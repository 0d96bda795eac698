import { z } from 'zod';

/**
 * How hard a channel may use its upstream API, shared by every app instance (modules/channels/gate.ts):
 * requests per second, per minute and per clock hour, and calls in flight at once (0: no limit of that kind), and the
 * circuit breaker: after `breakerFailures` transient failures in a row the channel is paused for
 * `breakerPauseSeconds`, then one probe call decides whether it reopens.
 */
export interface ChannelLimits {
  requestsPerSecond: number;
  requestsPerMinute: number;
  requestsPerHour: number;
  concurrency: number;
  breakerFailures: number;
  breakerPauseSeconds: number;
}

/**
 * The limit fields of an upstream platform's channel settings, defaulting to what its API publishes; an
 * adapter spreads them into its settings schema.
 */
export function limitSettings(
  defaults: Pick<ChannelLimits, 'requestsPerSecond' | 'requestsPerMinute' | 'concurrency'> &
    Partial<Pick<ChannelLimits, 'requestsPerHour'>>,
) {
  return {
    requestsPerSecond: z
      .number()
      .int()
      .min(0)
      .max(10_000)
      .default(defaults.requestsPerSecond)
      .meta({ description: 'requestsPerSecond' }),
    requestsPerMinute: z
      .number()
      .int()
      .min(0)
      .max(600_000)
      .default(defaults.requestsPerMinute)
      .meta({ description: 'requestsPerMinute' }),
    requestsPerHour: z
      .number()
      .int()
      .min(0)
      .max(36_000_000)
      .default(defaults.requestsPerHour ?? 0)
      .meta({ description: 'requestsPerHour' }),
    concurrency: z.number().int().min(0).max(1000).default(defaults.concurrency).meta({ description: 'concurrency' }),
    breakerFailures: z.number().int().min(1).max(1000).default(5).meta({ description: 'breakerFailures' }),
    breakerPauseSeconds: z.number().int().min(1).max(3600).default(30).meta({ description: 'breakerPauseSeconds' }),
  };
}

const limitsSchema = z.object(limitSettings({ requestsPerSecond: 0, requestsPerMinute: 0, concurrency: 0 }));

/** A channel's limits out of its settings (parsed by its adapter's schema, so every field is there). */
export function limitsOf(settings: Record<string, unknown>): ChannelLimits {
  const parsed = limitsSchema.safeParse(settings);
  return parsed.success ? parsed.data : limitsSchema.parse({});
}
