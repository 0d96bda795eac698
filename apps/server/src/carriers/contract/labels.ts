import type { ChannelConfig, ServiceConfig } from './channel.ts';
import type { Shipment } from './shipment.ts';

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
