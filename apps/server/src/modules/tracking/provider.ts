import type { TrackingEvent } from '../../core/tracking.ts';

export interface TrackedParcel {
  trackingNumber: string;
  carrierCode: string;
  isTest: boolean;
  /** When the label was created (the simulated provider's clock starts there). */
  labelCreatedAt: number;
}

/**
 * Where tracking comes from: a provider registers numbers, fetches their events, and may push updates to
 * a webhook. The platform keeps the events and moves parcel and order states from them.
 */
export interface TrackingProvider {
  readonly code: string;
  /** How many parcels a round hands it at a time, applying their answers after each (default 400). */
  readonly chunk?: number;
  register(parcels: TrackedParcel[]): Promise<void>;
  fetch(parcels: TrackedParcel[]): Promise<Map<string, TrackingEvent[]>>;
}
