import { billableWeight } from '@parcelport/shared';
import type { Charges, Unavailable } from '../contract/rates.ts';
import type { ShipmentParcel } from '../contract/shipment.ts';
import { priceAt, type RateTable } from '../rate-table.ts';
import type { RatecardServiceSettings } from './settings.ts';

/**
 * Prices one parcel with a ratecard service: limits first (with the reason a service cannot carry it),
 * then the bracket price at the billable weight plus fuel, residential, oversize and remote surcharges.
 */
export function priceParcel(
  settings: RatecardServiceSettings,
  table: RateTable,
  zone: number,
  parcel: ShipmentParcel,
  options: { residential: boolean; destZip: string },
): ({ ok: true; billableOz: number; charges: Charges } & {}) | ({ ok: false } & Unavailable) {
  const weight = billableWeight(parcel, settings.dimDivisor, settings.dimThresholdCuIn);
  if (weight.actualOz > settings.maxWeightOz) {
    return { ok: false, reason: 'overWeight', params: { max: `${settings.maxWeightOz / 16} lb` } };
  }
  if (weight.sidesIn[0] > settings.maxLengthIn) {
    return { ok: false, reason: 'overLength', params: { max: `${settings.maxLengthIn} in` } };
  }
  if (weight.lengthGirthIn > settings.maxLengthGirthIn) {
    return { ok: false, reason: 'overLengthGirth', params: { max: `${settings.maxLengthGirthIn} in` } };
  }
  const base = priceAt(table, zone, weight.billableOz);
  if (base === null) return { ok: false, reason: 'noRate', params: { zone, weight: `${weight.billableOz} oz` } };
  return {
    ok: true,
    billableOz: weight.billableOz,
    charges: {
      base,
      fuel: Math.round((base * settings.fuelBp) / 10_000),
      residential: options.residential ? settings.residentialCents : 0,
      oversize: weight.sidesIn[0] > settings.oversizeLengthIn ? settings.oversizeCents : 0,
      remote: settings.remoteZip3.includes(options.destZip.slice(0, 3)) ? settings.remoteCents : 0,
    },
  };
}

export function chargesTotal(charges: Charges): number {
  return charges.base + charges.fuel + charges.residential + charges.oversize + charges.remote;
}
