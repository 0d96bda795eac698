/**
 * Tracking numbers in each carrier's own format, with the carrier's check digit (docs/design.md §6).
 *
 * - UPS "1Z": 1Z + 6-character shipper number + 2-digit service code + 7-digit package id + check digit.
 *   Check digit: mod 10 over the 15 characters after "1Z", letters mapped to (charCode - 63) % 10
 *   (A=2 … H=9, I=0, J=1 …), characters in even positions (1-based) doubled.
 * - USPS IMpb: 92 (channel application id for a 9-digit Mailer ID) + 3-digit service type code + 9-digit
 *   Mailer ID + 7-digit serial + GS1 mod-10 check digit = 22 digits.
 * - FedEx Express 12-digit: 11 digits + check digit = (sum of the digits weighted 1,3,7 from the right) % 11,
 *   a remainder of 10 giving 0.
 */

export type TrackingCarrier = 'USPS' | 'UPS' | 'FEDEX';

const DIGITS = /^\d+$/;
const GROUP_SEPARATOR = String.fromCharCode(0x1d);

function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

// ---------------------------------------------------------------- UPS

const UPS_PATTERN = /^1Z[0-9A-Z]{16}$/;

function upsCharValue(char: string): number {
  const code = char.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 65 && code <= 90) return (code - 63) % 10;
  throw new RangeError(`not a UPS tracking character: ${char}`);
}

/** The check digit for the 15 characters that follow "1Z". */
export function upsCheckDigit(body15: string): number {
  if (!/^[0-9A-Z]{15}$/.test(body15)) throw new RangeError('UPS body must be 15 characters of 0-9 A-Z');
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const value = upsCharValue(body15[i]!);
    sum += i % 2 === 1 ? value * 2 : value;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeUpsTracking(shipperNumber: string, serviceCode: string, packageId: number | string): string {
  const shipper = shipperNumber.toUpperCase();
  if (!/^[0-9A-Z]{6}$/.test(shipper)) throw new RangeError('UPS shipper number must be 6 characters of 0-9 A-Z');
  if (!/^\d{2}$/.test(serviceCode)) throw new RangeError('UPS service code must be 2 digits');
  const id = String(packageId).padStart(7, '0');
  if (!/^\d{7}$/.test(id)) throw new RangeError('UPS package id must be at most 7 digits');
  const body = `${shipper}${serviceCode}${id}`;
  return `1Z${body}${upsCheckDigit(body)}`;
}

export function isValidUps(value: string): boolean {
  const s = digitsOnly(value).toUpperCase();
  if (!UPS_PATTERN.test(s)) return false;
  return upsCheckDigit(s.slice(2, 17)) === Number(s[17]);
}

// ---------------------------------------------------------------- USPS (IMpb)

/** GS1 mod-10 check digit over a string of digits: weights 3,1,3,… from the rightmost digit. */
export function gs1CheckDigit(digits: string): number {
  if (!DIGITS.test(digits)) throw new RangeError('GS1 check digit needs digits');
  let sum = 0;
  for (let i = digits.length - 1, weight = 3; i >= 0; i--, weight = 4 - weight) sum += Number(digits[i]) * weight;
  return (10 - (sum % 10)) % 10;
}

export function makeUspsImpb(serviceTypeCode: string, mailerId: string, serial: number | string): string {
  if (!/^\d{3}$/.test(serviceTypeCode)) throw new RangeError('USPS service type code must be 3 digits');
  if (!/^\d{9}$/.test(mailerId)) throw new RangeError('USPS Mailer ID must be 9 digits');
  const serialText = String(serial).padStart(7, '0');
  if (!/^\d{7}$/.test(serialText)) throw new RangeError('USPS serial must be at most 7 digits');
  const body = `92${serviceTypeCode}${mailerId}${serialText}`;
  return `${body}${gs1CheckDigit(body)}`;
}

/**
 * A USPS number with a valid GS1 mod-10 check digit: 20 or 22 digits (IMpb), or the scanned IMpb barcode
 * text "420" + ZIP5 or ZIP+4 + 22 digits, whose routing prefix is not part of the check.
 */
export function isValidUsps(value: string): boolean {
  // A scanner reads the FNC1 between the ZIP and the tracking number as GS (0x1D).
  let s = digitsOnly(value).replaceAll(GROUP_SEPARATOR, '');
  if (!DIGITS.test(s)) return false;
  if ((s.length === 30 || s.length === 34) && s.startsWith('420')) s = s.slice(-22);
  if (s.length !== 20 && s.length !== 22) return false;
  return gs1CheckDigit(s.slice(0, -1)) === Number(s[s.length - 1]);
}

/**
 * The GS1-128 data of an IMpb barcode in bwip-js's bracketed-AI syntax: the routing AI (420) with the
 * 5-digit destination ZIP, then the tracking number, whose leading "92" is itself the GS1 AI (92).
 * Encoded, this is FNC1 420 ZIP5 FNC1 92…, and a scanner reads "420" + ZIP5 + GS + tracking number.
 */
export function uspsBarcodeData(destinationZip5: string, tracking: string): string {
  const zip = destinationZip5.slice(0, 5);
  if (!/^\d{5}$/.test(zip)) throw new RangeError('destination ZIP must start with 5 digits');
  const s = digitsOnly(tracking);
  if (!isValidUsps(s) || s.length !== 22 || !/^9[1-5]/.test(s)) throw new RangeError('not a 22-digit IMpb number');
  return `(420)${zip}(${s.slice(0, 2)})${s.slice(2)}`;
}

// ---------------------------------------------------------------- FedEx

const FEDEX_WEIGHTS = [1, 3, 7] as const;

/** FedEx 12-digit check digit over the first 11 digits: weights 1,3,7 repeating from the rightmost, sum % 11 (10 → 0). */
export function fedexCheckDigit(digits11: string): number {
  if (!/^\d{11}$/.test(digits11)) throw new RangeError('FedEx serial must be 11 digits');
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(digits11[10 - i]) * FEDEX_WEIGHTS[i % 3]!;
  return (sum % 11) % 10;
}

export function makeFedexTracking(serial: number | string): string {
  const body = String(serial).padStart(11, '0');
  if (!/^\d{11}$/.test(body)) throw new RangeError('FedEx serial must be at most 11 digits');
  return `${body}${fedexCheckDigit(body)}`;
}

export function isValidFedex(value: string): boolean {
  const s = digitsOnly(value);
  if (!/^\d{12}$/.test(s)) return false;
  return fedexCheckDigit(s.slice(0, 11)) === Number(s[11]);
}

// ---------------------------------------------------------------- all carriers

export function isValidTracking(carrierCode: TrackingCarrier, value: string): boolean {
  switch (carrierCode) {
    case 'UPS':
      return isValidUps(value);
    case 'USPS':
      return isValidUsps(value);
    case 'FEDEX':
      return isValidFedex(value);
    default:
      return false;
  }
}

/** The tracking number as printed under a barcode: groups of 4 (UPS: 1Z 999 AA1 01 2345 678 4). */
export function formatTracking(carrierCode: TrackingCarrier, value: string): string {
  const s = digitsOnly(value).toUpperCase();
  if (carrierCode === 'UPS' && UPS_PATTERN.test(s)) {
    return `${s.slice(0, 2)} ${s.slice(2, 5)} ${s.slice(5, 8)} ${s.slice(8, 10)} ${s.slice(10, 14)} ${s.slice(14, 17)} ${s.slice(17)}`;
  }
  return s.replace(/(.{4})(?=.)/g, '$1 ');
}
