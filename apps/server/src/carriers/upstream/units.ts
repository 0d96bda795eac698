/**
 * What upstream adapters share about the shipment they send and the price they get back: weights in
 * ounces and sides in inches to a tenth, and a whole-shipment price as a quote.
 */
import { type DistanceUnit, toInches, toOunces } from '@parcelport/shared';
import type { RateResult } from '../contract/rates.ts';
import type { ShipmentParcel } from '../contract/shipment.ts';

const tenths = (value: number) => Math.round(value * 10) / 10;

/** The parcel's weight as sent upstream: ounces, one decimal place. */
export const sentOunces = (parcel: ShipmentParcel) => tenths(toOunces(parcel.weight, parcel.massUnit));

/** A side as sent upstream: inches, one decimal place. */
export const sentInches = (length: number, unit: DistanceUnit) => tenths(toInches(length, unit));

/**
 * A carrier's price for the whole shipment as a quote: the first parcel carries it, and the weight sent
 * stands for the billed one (in whole ounces), since the carrier does not tell it.
 */
export function wholeShipmentQuote(
  serviceId: number,
  parcels: readonly ShipmentParcel[],
  costCents: number,
  deliveryDays: number | null,
  deliveryDate: string | null = null,
): RateResult {
  return {
    ok: true,
    serviceId,
    zone: null,
    zoneSource: null,
    parcels: parcels.map((parcel, index) => ({
      billableOz: Math.ceil(sentOunces(parcel)),
      charges: { base: index === 0 ? costCents : 0, fuel: 0, residential: 0, oversize: 0, remote: 0 },
    })),
    costCents,
    deliveryDays,
    deliveryDate,
  };
}
