import type { BillLineInput } from './read.ts';

/**
 * A carrier that bills one row per charge (UPS: freight, fuel, each accessorial) bills a parcel over several
 * rows; its charge on an invoice is their sum. One line per tracking number and invoice (reference), in the
 * order the parcels first appear, at the row of their first charge. The weight and size are the freight row's
 * (the others leave them blank or zero), and the reason lists each charge's description once.
 */
export function sumChargeLines(lines: BillLineInput[]): BillLineInput[] {
  const parcels = new Map<string, BillLineInput>();
  for (const line of lines) {
    const key = `${line.trackingNo}|${line.reference}`;
    const parcel = parcels.get(key);
    if (!parcel) {
      // The first row becomes the parcel's line: a large bill is not copied.
      parcels.set(key, line);
      continue;
    }
    parcel.amount += line.amount;
    if (line.billedOz !== null && (parcel.billedOz === null || line.billedOz > parcel.billedOz)) {
      parcel.billedOz = line.billedOz;
    }
    parcel.billedSize ||= line.billedSize;
    parcel.zone ||= line.zone;
    parcel.service ||= line.service;
    if (line.reason !== '' && !parcel.reason.split('; ').includes(line.reason)) {
      parcel.reason = (parcel.reason === '' ? line.reason : `${parcel.reason}; ${line.reason}`).slice(0, 200);
    }
  }
  return [...parcels.values()];
}
