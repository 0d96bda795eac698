import type { BillLineInput } from './read.ts';

/** One parcel's lines on one invoice: its charge, and the changes billed for it (`adjusts`), each summed. */
interface Parcel {
  charge?: BillLineInput;
  change?: BillLineInput;
}

/**
 * A carrier that bills one row per charge (UPS: freight, fuel, each accessorial) bills a parcel over several
 * rows; its charge on an invoice is their sum. One line per tracking number and invoice (reference), in the
 * order the parcels first appear, at the row of their first charge. The weight and size are the freight row's
 * (the others leave them blank or zero), and the reason lists each charge's description once.
 *
 * The rows that change what was charged before (`adjusts`: UPS's ADJ, RTN, MIS) are summed apart into the
 * parcel's one adjustment line, at the row of the first of them, right after its charge line: posted in file
 * order, the charge is settled first and the change then added to it, whichever row came first.
 */
export function sumChargeLines(lines: BillLineInput[]): BillLineInput[] {
  const parcels = new Map<string, Parcel>();
  for (const line of lines) {
    const key = `${line.trackingNo}|${line.reference}`;
    let parcel = parcels.get(key);
    if (!parcel) {
      parcel = {};
      parcels.set(key, parcel);
    }
    const side = line.adjusts ? 'change' : 'charge';
    const summed = parcel[side];
    // The first row becomes the line: a large bill is not copied.
    if (summed) addTo(summed, line);
    else parcel[side] = line;
  }
  return [...parcels.values()].flatMap(({ charge, change }) => [charge, change].filter((line) => line !== undefined));
}

function addTo(summed: BillLineInput, line: BillLineInput) {
  summed.amount += line.amount;
  if (line.billedOz !== null && (summed.billedOz === null || line.billedOz > summed.billedOz)) {
    summed.billedOz = line.billedOz;
  }
  summed.billedSize ||= line.billedSize;
  summed.zone ||= line.zone;
  summed.service ||= line.service;
  if (line.reason !== '' && !summed.reason.split('; ').includes(line.reason)) {
    summed.reason = (summed.reason === '' ? line.reason : `${summed.reason}; ${line.reason}`).slice(0, 200);
  }
}
