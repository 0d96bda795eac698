import { TRACKING_STATUS } from '@parcelport/shared';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { TrackedParcel, TrackingProvider } from './provider.ts';

/**
 * The ratecard platform's own tracking: a bought label moves through the states on a schedule (one step
 * every `stepMs`), so the whole flow — received, in transit, out for delivery, delivered — can be seen
 * without a carrier. Each parcel's path is fixed by its number, so repeated fetches agree.
 */
export const STEPS: { status: number; description: string; location: (origin: string) => string }[] = [
  {
    status: TRACKING_STATUS.infoReceived,
    description: 'Shipping label created, USPS awaiting item',
    location: () => '',
  },
  { status: TRACKING_STATUS.inTransit, description: 'Accepted at origin facility', location: (o) => o },
  {
    status: TRACKING_STATUS.inTransit,
    description: 'Departed regional facility',
    location: () => 'NETWORK DISTRIBUTION CENTER',
  },
  { status: TRACKING_STATUS.outForDelivery, description: 'Out for delivery', location: () => 'LOCAL POST OFFICE' },
  { status: TRACKING_STATUS.delivered, description: 'Delivered, front door/porch', location: () => 'DESTINATION' },
];

export function simulatedProvider(stepMs: number, now: () => number = Date.now): TrackingProvider {
  return {
    code: 'simulated',
    async register() {},
    async fetch(parcels: TrackedParcel[]) {
      const answers = new Map<string, TrackingEvent[]>();
      for (const parcel of parcels) {
        const steps = Math.min(STEPS.length, Math.floor((now() - parcel.labelCreatedAt) / stepMs) + 1);
        answers.set(
          parcel.trackingNumber,
          STEPS.slice(0, steps).map((step, index) => ({
            status: step.status,
            description: step.description,
            location: step.location('ORIGIN FACILITY'),
            occurredAt: parcel.labelCreatedAt + index * stepMs,
          })),
        );
      }
      return answers;
    },
  };
}
