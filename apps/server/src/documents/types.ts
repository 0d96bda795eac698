/** What a 4x6 shipping label shows (docs/design.md §6). Built by the carrier adapter, rendered by label.ts. */

import type { PartialAddress } from '@parcelport/shared/contracts/addresses/schemas';

export type LabelCarrierCode = 'USPS' | 'UPS' | 'FEDEX';

/** An address as a label prints it: the shared one without e-mail and residential flag, its contact optional. */
export type LabelAddress = Omit<PartialAddress<'company' | 'addressLine2' | 'phone'>, 'email' | 'isResidential'>;

export interface LabelBarcode {
  /** gs1-128: bracketed AIs as bwip-js takes them, e.g. "(420)90210(92)00190212345612345678"; code128: the text. */
  symbology: 'gs1-128' | 'code128';
  data: string;
}

export interface LabelData {
  carrierCode: LabelCarrierCode;
  serviceName: string;
  /** The banner across the label, e.g. "USPS GROUND ADVANTAGE". */
  serviceBanner: string;
  trackingNumber: string;
  barcode: LabelBarcode;
  from: LabelAddress;
  to: LabelAddress;
  /** As printed, e.g. "2.50 lb". */
  weight: string;
  /** As printed, e.g. "12 x 8 x 6 in". */
  dimensions?: string;
  reference1?: string;
  reference2?: string;
  orderNo: string;
  /** YYYY-MM-DD */
  shipDate: string;
  /** 1-based */
  parcelIndex: number;
  parcelCount: number;
  zone?: number | null;
  /** Test-mode labels are marked across the label and must not be shipped. */
  test: boolean;
}
