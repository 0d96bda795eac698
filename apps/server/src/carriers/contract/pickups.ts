import type { AdapterDeps, ChannelConfig } from './channel.ts';
import type { Address } from './shipment.ts';

/** Where the parcels wait for the carrier at the pickup address. */
export type PickupLocation = 'FRONT_DOOR' | 'BACK_DOOR' | 'SIDE_DOOR' | 'MAIL_ROOM' | 'OFFICE' | 'RECEPTION' | 'OTHER';

/** A carrier's visit to collect a day's labels of a channel (issue 30). */
export interface PickupRequest {
  channel: ChannelConfig;
  /** Per order: its parcels' tracking numbers and what its purchase answered as `upstreamId`. */
  labels: { trackingNumbers: string[]; upstreamId: string | null }[];
  /** Where the carrier collects them (the shipper of the labels), with its contact. */
  address: Address;
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM, local time at the address. */
  window: { start: string; end: string };
  location: PickupLocation;
  instructions: string;
  packageCount: number;
  /** The parcels' total weight in ounces. */
  weightOz: number;
  /** Shown beside the call in the API log. */
  reference: string;
}

/** The carrier's booking: its confirmation number, its id of the pickup (to cancel it) and its fee in cents. */
export interface PickupResult {
  confirmation: string;
  upstreamId: string;
  feeCents: number;
}

export interface CancelPickupRequest {
  channel: ChannelConfig;
  /** What the booking answered as `upstreamId`. */
  upstreamId: string;
  confirmation: string;
  reference: string;
}

/** A booking sent at `askedAt` whose answer was lost, as it was asked. */
export interface FindPickupRequest extends PickupRequest {
  askedAt: number;
}

/**
 * Pickups as a carrier books them: `book` once (its fee, if any, charged by the platform), `cancel` later.
 * `find`, where the carrier lists its pickups, answers whether a booking whose answer was lost was made
 * (null: not found); a carrier without it is never asked again about one (staff settle it).
 */
export interface Pickups {
  /**
   * The fee in cents a booking on the channel will charge, shown before booking; null when the carrier names
   * its price only as it books (the booking's `feeCents` is then what is charged).
   */
  feeBefore(channel: ChannelConfig): number | null;
  book(request: PickupRequest, deps: AdapterDeps): Promise<PickupResult>;
  cancel(request: CancelPickupRequest, deps: AdapterDeps): Promise<void>;
  find?(request: FindPickupRequest, deps: AdapterDeps): Promise<PickupResult | null>;
}
