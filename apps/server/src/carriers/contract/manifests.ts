import type { ChannelConfig } from './channel.ts';
import type { CarrierDocument } from './labels.ts';
import type { Address } from './shipment.ts';

/** The labels of a day to hand over to the carrier with one acceptance scan (a SCAN form). */
export interface ManifestRequest {
  channel: ChannelConfig;
  /** Per order: its parcels' tracking numbers and what its purchase answered as `upstreamId`. */
  labels: { trackingNumbers: string[]; upstreamId: string | null }[];
  /** Where the parcels are handed over from (the shipper). */
  from: Address;
  /** The mailing date (YYYY-MM-DD). */
  shipDate: string;
  /** Shown beside the call in the API log. */
  reference: string;
}

/** The carrier's acceptance form: its id there and its document. */
export interface ManifestResult {
  upstreamId: string;
  document: CarrierDocument;
}

/** After a form whose answer was lost: the labels it was asked for, and when it was asked. */
export interface FindManifestRequest {
  channel: ChannelConfig;
  labels: ManifestRequest['labels'];
  /** When the form was asked for (epoch ms): a form made for that request is not older. */
  askedAt: number;
  reference: string;
}
