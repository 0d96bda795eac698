/**
 * What a 4x6 shipping label shows, whatever it is printed as: the page and frame in points, the carrier
 * titles, the address lines and the service icon. label-pdf.ts draws it as a PDF page, label-zpl.ts writes
 * it as ZPL II.
 */
import type { LabelAddress, LabelData } from './types.ts';

/** The page: 4 x 6 in at 72 points to the inch. */
export const PAGE_W = 288;
export const PAGE_H = 432;
export const FRAME = 3;
export const INNER_W = PAGE_W - 2 * FRAME;
export const TEST_MARK = 'TEST LABEL - DO NOT SHIP';

/** What the label prints for a character no font it has can draw: an empty box, never a '?' the input lacked. */
export const NO_GLYPH = '\u25a1';

/** Latin letters with a stroke or without a dot, which Unicode does not decompose into a letter and an accent. */
const STROKED: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŧ: 'T',
  ŧ: 't',
  Ŋ: 'N',
  ŋ: 'n',
};

/** The character without its accents, if that leaves plain ASCII (ő → o, Ł → L); or null. */
export function asciiFolded(ch: string): string | null {
  const folded = STROKED[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  return /^[\x20-\x7e]+$/.test(folded) ? folded : null;
}

export function cityLine(address: LabelAddress): string {
  return `${address.city} ${address.stateCode} ${address.zipCode}`.replace(/\s+/g, ' ').trim();
}

export function addressLines(address: LabelAddress): string[] {
  const lines = [address.personName, address.company, address.addressLine1, address.addressLine2, cityLine(address)];
  if (address.countryCode && address.countryCode.toUpperCase() !== 'US') lines.push(address.countryCode.toUpperCase());
  return lines.filter((line): line is string => Boolean(line?.trim())).map((line) => line.toUpperCase());
}

export const CARRIER_NAMES = { USPS: 'USPS', UPS: 'UPS', FEDEX: 'FedEx' } as const;
export const TRACKING_TITLES = { USPS: 'USPS TRACKING # EP', UPS: 'UPS TRACKING #', FEDEX: 'FEDEX TRK #' } as const;

/** The letter in the service icon box: the class of service, as carriers print it. */
export function serviceIcon(label: Pick<LabelData, 'serviceBanner' | 'serviceName'>): string {
  const s = `${label.serviceBanner} ${label.serviceName}`.toUpperCase();
  if (/NEXT DAY|OVERNIGHT|\b1 ?DAY/.test(s)) return '1';
  if (/\b2 ?DAY|SECOND DAY/.test(s)) return '2';
  if (/\b3 ?DAY|EXPRESS SAVER/.test(s)) return '3';
  if (/EXPRESS/.test(s)) return 'E';
  if (/PRIORITY/.test(s)) return 'P';
  if (/FIRST[- ]CLASS/.test(s)) return 'F';
  if (/MEDIA/.test(s)) return 'M';
  if (/GROUND|PARCEL SELECT|HOME/.test(s)) return 'G';
  return /[A-Z0-9]/.exec(s.replace(/^(USPS|UPS|FEDEX)\s*/, ''))?.[0] ?? 'G';
}
