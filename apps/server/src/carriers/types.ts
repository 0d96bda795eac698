import type { CarrierCode, DistanceUnit, MassUnit } from '@parcelport/shared';
import type { BillPreset } from '@parcelport/shared/contracts/bills/index';
import type { z } from 'zod';
import type { TrackingEvent } from '../core/tracking.ts';
import type { ZoneAnswer } from '../geo/zones.ts';
import type { UpstreamClientOptions } from '../outbound/client.ts';
import type { UpstreamClient } from '../outbound/types.ts';
import type { RateTable } from './rate-table.ts';

/**
 * The carrier adapter contract (docs/design.md §6): every platform rates, purchases and voids behind the same
 * calls; a channel row picks the platform and holds its settings.
 */
export interface Address {
  personName: string;
  company?: string | undefined;
  phone?: string | undefined;
  email?: string | undefined;
  countryCode: string;
  stateCode: string;
  city: string;
  addressLine1: string;
  addressLine2?: string | undefined;
  zipCode: string;
  isResidential?: boolean | undefined;
}

export interface ShipmentParcel {
  length: number;
  width: number;
  height: number;
  weight: number;
  massUnit: MassUnit;
  distanceUnit: DistanceUnit;
}

export interface Shipment {
  from: Address;
  to: Address;
  parcels: ShipmentParcel[];
  residential: boolean;
  batteryType: string;
}

export interface ChannelConfig {
  id: number;
  name: string;
  platformCode: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  /** Set on the channel as a test label's calls use it: its settings are the carrier's test credentials. */
  test?: true;
}

export interface ServiceConfig {
  id: number;
  channelId: number;
  code: string;
  name: string;
  carrierCode: CarrierCode;
  settings: Record<string, unknown>;
  /** Changes whenever the service or its rate table changes (its updated_at). */
  version: number;
}

/** What a parcel costs at the carrier, in cents, line by line. */
export interface Charges {
  base: number;
  fuel: number;
  residential: number;
  oversize: number;
  remote: number;
}

/**
 * Why a service cannot carry a shipment: a message key of i18n/messages.ts with its parameters. A reason
 * whose message names values (`noRate`: the zone and weight of the platform's own rate table) must be given
 * them, so that no merchant reads an unfilled `{zone}`.
 */
export type Unavailable =
  | { reason: 'noRate'; params: { zone: number; weight: string } }
  | {
      reason:
        | 'overWeight'
        | 'overLength'
        | 'overLengthGirth'
        /** An upstream carrier answered no price for the service on this shipment. */
        | 'notQuoted'
        /** The carrier prices only other variants of the service's product for the parcel (`offered`). */
        | 'productNotOffered'
        | 'notDomestic'
        | 'zipUnknown'
        | 'battery'
        | 'platformError'
        /** Set by the platform, never an adapter: the channel is paused by its circuit breaker. */
        | 'channelPaused'
        /** Set by the platform: a test label, and the channel has no test credentials from its carrier. */
        | 'noTestCredentials';
      params?: Record<string, string | number>;
    };

export interface CarrierQuote {
  serviceId: number;
  /** The zone between the ZIPs; null when the carrier prices without telling it (an upstream API). */
  zone: number | null;
  /** 'chart' when the zone came from an imported zone chart, 'distance' when estimated. */
  zoneSource: 'chart' | 'distance' | null;
  parcels: { billableOz: number; charges: Charges }[];
  /** Carrier cost of the whole shipment (sum over parcels), before markups and insurance. */
  costCents: number;
  /** Business days in transit: the carrier's, or the ratecard's transit table for the zone. */
  deliveryDays: number | null;
  /** The carrier's own expected delivery date (YYYY-MM-DD) when it answers one (carriers/delivery-date.ts). */
  deliveryDate?: string | null;
}

export type RateResult = ({ ok: true } & CarrierQuote) | ({ ok: false; serviceId: number } & Unavailable);

/** A label document as a carrier issued it, kept with the order and served by the downloads. */
export interface CarrierDocument {
  format: 'pdf' | 'png' | 'zpl';
  bytes: Buffer;
}

export interface PurchasedParcel {
  trackingNumber: string;
  /** What the label drawn here encodes; absent when the carrier issued the label (`document`). */
  barcode?: { symbology: 'gs1-128' | 'code128'; data: string };
  /** The carrier's own label for the parcel; absent when the platform draws it (the built-in engine). */
  document?: CarrierDocument;
}

export interface PurchaseResult {
  trackingNumber: string;
  parcels: PurchasedParcel[];
  /** The carrier's id of the shipment, kept with the order to find, void or track it later. */
  upstreamId?: string;
  /**
   * The carrier's QR code for the label where it offers one (a USPS return bought through EasyPost: Label
   * Broker), shown on the public return page so the label can be printed at the counter.
   */
  qrCode?: { format: 'png'; bytes: Buffer };
}

/** What the carrier answered a void: refunded now, pending its review, or refused (with its reason). */
export interface VoidOutcome {
  status: 'pending' | 'refunded' | 'rejected';
  message?: string;
}

/**
 * The rating data the platform keeps in its own tables, read by the service and handed to an adapter that
 * asks for it (`usesRatingData`): the built-in engine prices from them; an upstream carrier prices itself.
 */
export interface RatingData {
  /** The zone between the shipment's ZIPs (imported chart, else distance); null when a ZIP is unknown. */
  zone: ZoneAnswer | null;
  /** Each service's rate table (weight bracket × zone), by service id. */
  rateTables: ReadonlyMap<number, RateTable>;
}

/** What every call gets beside its request: the channel's HTTP client (an adapter that calls out uses it). */
export interface AdapterDeps {
  http: UpstreamClient;
}

/** How an adapter that calls out reaches its API with a channel's settings; the service adds the rest. */
export type UpstreamConnection = Pick<
  UpstreamClientOptions,
  'baseUrl' | 'authorize' | 'errorOf' | 'secrets' | 'timeoutMs'
>;

export interface RateRequest {
  channel: ChannelConfig;
  services: ServiceConfig[];
  shipment: Shipment;
  /** Present for an adapter that `usesRatingData`. */
  data?: RatingData;
}

export interface PurchaseRequest {
  channel: ChannelConfig;
  service: ServiceConfig;
  shipment: Shipment;
  /** The same for every try of one purchase, so the carrier buys once however often it is asked. */
  idempotencyKey: string;
  /** The order number: the carrier's reference, by which an interrupted purchase is found again. */
  reference: string;
  /** `count` consecutive numbers of the platform's named sequence (labels numbered here), the first answered. */
  nextNumbers(name: string, count: number): Promise<number>;
  /**
   * Keeps the carrier's id of the shipment with the order before it is paid for, so a purchase cut off
   * by a crash can be looked up there instead of being refunded blindly.
   */
  remember?(upstreamId: string): Promise<void>;
  /**
   * A return label (modules/returns): the shipment's parties are already swapped (the recipient sends, the
   * merchant receives); `payOnUse` asks the carrier to bill it on its first scan (only where `returns.payOnUse`).
   */
  isReturn?: { payOnUse: boolean };
}

/**
 * How a platform's carrier makes return labels (`CarrierAdapter.returns`): whether it can bill one only when
 * it is first scanned (pay on use), and for how many days such a label is honoured (null: not published).
 */
export interface ReturnSupport {
  payOnUse: boolean;
  validityDays: number | null;
}

export interface VoidRequest {
  channel: ChannelConfig;
  trackingNumbers: string[];
  /** What the purchase answered as `upstreamId`. */
  upstreamId: string | null;
  /** The order number, shown beside the call in the API log. */
  reference: string;
}

export interface FindPurchaseRequest {
  channel: ChannelConfig;
  /** What the purchase remembered (`PurchaseRequest.remember`). */
  upstreamId: string;
  reference: string;
  /** The labels' tracking numbers as staff found them at the carrier, settling a purchase it answered 'unknown' to. */
  trackingNumbers?: string[];
}

/** An address to check for delivery, without the person (carriers check the place). */
export type PostalAddress = Pick<Address, 'countryCode' | 'stateCode' | 'city' | 'addressLine1' | 'zipCode'> & {
  addressLine2?: string | undefined;
  company?: string | undefined;
};

export interface ValidateAddressRequest {
  channel: ChannelConfig;
  address: PostalAddress;
}

/**
 * What a carrier says of an address: whether it delivers there (its address database knows the place),
 * the address in its standard form (ZIP+4, abbreviations) when it has one, and its words when it does not
 * deliver (on our field when it names one).
 */
export interface AddressVerdict {
  deliverable: boolean;
  standardized?: Pick<PostalAddress, 'addressLine1' | 'addressLine2' | 'city' | 'stateCode' | 'zipCode'>;
  message?: string;
  field?: keyof PostalAddress;
  /** Whether the carrier knows the address as a home (UPS and FedEx price it); absent when it does not say. */
  residential?: boolean;
}

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

export interface TrackRequest {
  channel: ChannelConfig;
  parcels: { trackingNumber: string; carrierCode: string }[];
}

/** A push the carrier sent to the channel's webhook address, as received: its headers and raw body. */
export interface WebhookRequest {
  channel: ChannelConfig;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  rawBody: string;
}

/**
 * What a push says: `verified` false when its signature does not check out with the channel's secret
 * (nothing of it is used); else each parcel's scans by tracking number (none for an event about
 * something else).
 */
export type WebhookResult = { verified: false } | { verified: true; events: Map<string, TrackingEvent[]> };

/** A bill the carrier makes on request: of the labels of a span of days (YYYY-MM-DD, both included, UTC). */
export interface BillReportRequest {
  channel: ChannelConfig;
  from: string;
  to: string;
}

/** Where a bill asked of the carrier stands: still being made, made with nothing in it, failed, or its file. */
export type BillReportState =
  | { status: 'pending' }
  | { status: 'empty' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; file: { filename: string; bytes: Buffer } };

/**
 * A carrier that makes its bill on request (EasyPost's shipment invoice report): asked once, then read until
 * made. The file is read into a bill with `preset`, as an uploaded file of that carrier is (docs/bills.md).
 */
export interface BillReports {
  preset: BillPreset;
  /** Asks for the bill; answers the carrier's id of it. Never repeated: an answer lost is looked up (`find`). */
  request(request: BillReportRequest, deps: AdapterDeps): Promise<string>;
  /**
   * The carrier's id of a bill of the span asked for at `askedAt` whose answer was lost (the newest made since
   * then), or null when it made none.
   */
  find(request: BillReportRequest & { askedAt: number }, deps: AdapterDeps): Promise<string | null>;
  read(request: { channel: ChannelConfig; id: string }, deps: AdapterDeps): Promise<BillReportState>;
}

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
   * asked has none: its labels are then never sent for another form (modules/orders/carrier-forms.ts).
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
