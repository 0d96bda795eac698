import type { CarrierCode, DistanceUnit, MassUnit } from '@parcelport/shared';
import type { Db } from '../db/index.ts';
import type { Memo } from '../lib/memo.ts';

/**
 * The carrier adapter contract (docs/design.md §6): every platform rates, purchases, voids and tracks behind the
 * same four calls; a channel row picks the platform and holds its settings.
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

/** Why a service cannot carry a shipment: a message key of http/messages.ts with its parameters. */
export interface Unavailable {
  reason:
    | 'overWeight'
    | 'overLength'
    | 'overLengthGirth'
    | 'noRate'
    | 'notDomestic'
    | 'zipUnknown'
    | 'battery'
    | 'platformError';
  params?: Record<string, string | number>;
}

export interface CarrierQuote {
  serviceId: number;
  zone: number;
  /** 'chart' when the zone came from an imported zone chart, 'distance' when estimated. */
  zoneSource: 'chart' | 'distance';
  parcels: { billableOz: number; charges: Charges }[];
  /** Carrier cost of the whole shipment (sum over parcels), before markups and insurance. */
  costCents: number;
  deliveryDays: number | null;
}

export type RateResult = ({ ok: true } & CarrierQuote) | ({ ok: false; serviceId: number } & Unavailable);

export interface PurchasedParcel {
  trackingNumber: string;
  barcode: { symbology: 'gs1-128' | 'code128'; data: string };
}

export interface PurchaseResult {
  trackingNumber: string;
  parcels: PurchasedParcel[];
}

export interface CarrierContext {
  db: Db;
  /** Reads an adapter may share across the orders of one batch chunk (see lib/memo.ts). */
  memo?: Memo | undefined;
}

export interface CarrierAdapter {
  /** Registry key, stored in channels.platform_code. */
  readonly code: string;
  rate(
    ctx: CarrierContext,
    channel: ChannelConfig,
    services: ServiceConfig[],
    shipment: Shipment,
  ): Promise<RateResult[]>;
  purchase(
    ctx: CarrierContext,
    channel: ChannelConfig,
    service: ServiceConfig,
    shipment: Shipment,
  ): Promise<PurchaseResult>;
  void(ctx: CarrierContext, channel: ChannelConfig, trackingNumbers: string[]): Promise<{ voided: boolean }>;
}
