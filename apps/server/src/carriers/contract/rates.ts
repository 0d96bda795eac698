import type { ZoneAnswer } from '../../geo/zones.ts';
import type { RateTable } from '../rate-table.ts';
import type { ChannelConfig, ServiceConfig } from './channel.ts';
import type { Shipment } from './shipment.ts';

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

export interface RateRequest {
  channel: ChannelConfig;
  services: ServiceConfig[];
  shipment: Shipment;
  /** Present for an adapter that `usesRatingData`. */
  data?: RatingData;
}
