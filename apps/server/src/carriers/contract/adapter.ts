/**
 * The carrier adapter contract (docs/design.md §6): every platform rates, purchases and voids behind the same
 * calls; a channel row picks the platform and holds its settings.
 */
import type { z } from 'zod';
import type { TrackingEvent } from '../../core/tracking.ts';
import type { AddressVerdict, ValidateAddressRequest } from './addresses.ts';
import type { BillReports } from './bill-reports.ts';
import type { AdapterDeps, UpstreamConnection } from './channel.ts';
import type {
  FindPurchaseRequest,
  PurchaseRequest,
  PurchaseResult,
  ReturnSupport,
  VoidOutcome,
  VoidRequest,
} from './labels.ts';
import type { FindManifestRequest, ManifestRequest, ManifestResult } from './manifests.ts';
import type { Pickups } from './pickups.ts';
import type { RateRequest, RateResult } from './rates.ts';
import type { TrackRequest, WebhookRequest, WebhookResult } from './tracking.ts';

/**
 * A carrier platform (docs/design.md §6, docs/carriers.md). It never sees the database: the service passes
 * in what it needs and writes what it answers. A call that fails upstream throws an UpstreamError
 * (upstream/types.ts) of the kind the platform must act on.
 */
export interface CarrierAdapter {
  /** Registry key, stored in channels.platform_code. */
  readonly code: string;
  /** A channel's settings (its account with the carrier): checked on save, parsed on use. */
  readonly channelSettings: z.ZodType<Record<string, unknown>>;
  /** A carrier service's settings under the channel. */
  readonly serviceSettings: z.ZodType<Record<string, unknown>>;
  /** Whether rating needs the platform's rate tables and zone (`RateRequest.data`). */
  readonly usesRatingData?: boolean;
  /**
   * Its rates hang on the shipment and the platform's rating data alone: it calls no one and keeps no state
   * of its own (a breaker, a quota), so a quote of its services stands for as long as the catalogue version
   * does (modules/purchase: kept quote answers).
   */
  readonly offlineRates?: boolean;
  /** For an adapter that calls out: its API's address, authentication, error reading and secrets. */
  upstream?(settings: Record<string, unknown>): UpstreamConnection;
  /**
   * An upstream platform's settings for test labels (the carrier's test credentials), or null when the
   * channel has none: a test label is then refused, never bought with the live account.
   */
  testSettings?(settings: Record<string, unknown>): Record<string, unknown> | null;
  rate(request: RateRequest, deps: AdapterDeps): Promise<RateResult[]>;
  purchase(request: PurchaseRequest, deps: AdapterDeps): Promise<PurchaseResult>;
  void(request: VoidRequest, deps: AdapterDeps): Promise<VoidOutcome>;
  /** Where the carrier's refund of a voided label stands now (asked again until it is not pending). */
  voidStatus?(request: VoidRequest, deps: AdapterDeps): Promise<VoidOutcome>;
  /**
   * After a purchase was cut off: the label bought for what the purchase remembered, or null when none
   * was (a purchase bought in part gives the bought part back to the carrier and answers null);
   * 'unknown' when the carrier cannot be asked (no lookup by reference): staff settle it by hand.
   */
  findPurchase?(request: FindPurchaseRequest, deps: AdapterDeps): Promise<PurchaseResult | null | 'unknown'>;
  /** The carrier's scans of each parcel, by tracking number (a platform without tracking of its own has none). */
  track?(request: TrackRequest, deps: AdapterDeps): Promise<Map<string, TrackingEvent[]>>;
  /** Whether the carrier delivers to an address, and its standard form (a platform with address verification). */
  validateAddress?(request: ValidateAddressRequest, deps: AdapterDeps): Promise<AddressVerdict>;
  /**
   * One acceptance form (SCAN form) for labels bought through the channel, so the carrier scans them all
   * at hand-over (a platform whose carrier makes them). A label can be on one form only.
   */
  manifest?(request: ManifestRequest, deps: AdapterDeps): Promise<ManifestResult>;
  /**
   * After a `manifest` whose outcome is unknown (its answer lost): the form the carrier made for those
   * labels, or null when it made none (they may be asked for again). A platform whose carrier cannot be
   * asked has none: its labels are then never sent for another form (modules/volume/carrier-forms.ts).
   */
  findManifest?(request: FindManifestRequest, deps: AdapterDeps): Promise<ManifestResult | null>;
  /**
   * Checks and reads a tracking push the carrier sent (a platform whose carrier pushes updates); `deps`
   * for a check that asks the carrier (its public keys).
   */
  webhook?(request: WebhookRequest, deps: AdapterDeps): WebhookResult | Promise<WebhookResult>;
  /** Carrier pickups of a channel's labels (a platform whose carrier comes to collect them). */
  pickups?: Pickups;
  /** Its bills on request (a platform whose carrier reports what it billed). */
  billReports?: BillReports;
  /**
   * Return labels as the carrier makes them; absent: a return is an ordinary label with the parties swapped,
   * charged when bought.
   */
  readonly returns?: ReturnSupport;
}
