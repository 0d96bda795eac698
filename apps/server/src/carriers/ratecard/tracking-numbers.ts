import { makeFedexTracking, makeUpsTracking, makeUspsImpb } from '@parcelport/shared';
import { AppError } from '../../core/errors.ts';

/**
 * How many labels each carrier's number format holds for this platform (docs/design.md §6): the serial of a USPS
 * IMpb with a 9-digit Mailer ID and the package id of a UPS 1Z number are 7 digits, a FedEx 12-digit
 * number has 11 before its check digit. Serials come from one platform-wide sequence per carrier
 * (db/sequences.ts) and are never taken modulo the space: a serial past it would repeat a number already
 * on a parcel, so the purchase is refused instead (and refunded, as any failed purchase).
 */
export const SERIAL_SPACE = { USPS: 10_000_000, UPS: 10_000_000, FEDEX: 100_000_000_000 } as const;

export type SerialCarrier = keyof typeof SERIAL_SPACE;

/** The channel's and service's parts of a number: USPS Mailer ID and service type, UPS shipper and service. */
export interface NumberParts {
  mailerId: string;
  shipperNumber: string;
  serviceTypeCode?: string | undefined;
}

/** The tracking number of serial `serial` in the carrier's format; an error once the format's space is used up. */
export function trackingNumberFor(carrierCode: SerialCarrier, serial: number, parts: NumberParts): string {
  const space = SERIAL_SPACE[carrierCode];
  if (!Number.isSafeInteger(serial) || serial < 0 || serial >= space) {
    throw new AppError(422, 'trackingNumbersUsedUp', null, { carrier: carrierCode, count: space });
  }
  if (carrierCode === 'USPS') return makeUspsImpb(parts.serviceTypeCode ?? '001', parts.mailerId, serial);
  if (carrierCode === 'UPS') return makeUpsTracking(parts.shipperNumber, parts.serviceTypeCode ?? '03', serial);
  return makeFedexTracking(serial);
}
