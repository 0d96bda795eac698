import { ADDRESS_STATUS, type AddressStatus, addressFormatIssues, isUsState, type Locale } from '@parcelport/shared';
import type { AddressPlace } from '@parcelport/shared/contracts/addresses/schemas';
import { lookupZip } from '../../geo/zip-table.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { isMilitary, isPoBox, standardizeStreet, standardizeUnit } from './standardize.ts';

/** An address to check: any part of where it is may be missing. */
export type AddressToCheck = Partial<AddressPlace>;

export type IssueCode =
  | 'required'
  | 'zipFormat'
  | 'stateInvalid'
  | 'zipUnknown'
  | 'stateMismatch'
  | 'cityMismatch'
  | 'poBox'
  | 'military'
  /** The carrier set to verify addresses does not deliver there (carrier-check.ts). */
  | 'undeliverable'
  /** That carrier could not be asked now: the offline check stands. */
  | 'carrierUnreachable';

export interface AddressCheck {
  /** No error: the address can be shipped to (warnings may remain). */
  valid: boolean;
  /** Whether the suggestion differs from what was given. */
  corrected: boolean;
  /** `detail`: the carrier's own words, beside the issue's message. */
  issues: { field: string; code: IssueCode; severity: 'error' | 'warning'; detail?: string }[];
  suggestion: AddressPlace;
  poBox: boolean;
  military: boolean;
  /** Set by the carrier's check (carrier-check.ts): it was asked, and whether it knows the address as a home. */
  byCarrier?: boolean;
  residential?: boolean;
}

/**
 * Checks a US address offline: required fields, the ZIP exists, city and state agree with it (suggesting
 * the ZIP's own), street and unit in standard form, PO boxes and military addresses flagged. Outside the US
 * only the required fields are checked. A carrier-grade service can replace this behind the same shape.
 */
export function checkAddress(address: AddressToCheck): AddressCheck {
  const issues: AddressCheck['issues'] = [];
  const country = (address.countryCode ?? 'US').trim().toUpperCase() || 'US';
  const given = {
    countryCode: country,
    stateCode: (address.stateCode ?? '').trim().toUpperCase(),
    city: (address.city ?? '').trim(),
    addressLine1: (address.addressLine1 ?? '').trim(),
    addressLine2: (address.addressLine2 ?? '').trim(),
    zipCode: (address.zipCode ?? '').trim(),
  };
  for (const field of ['addressLine1', 'city', 'stateCode', 'zipCode'] as const) {
    if (!given[field]) issues.push({ field, code: 'required', severity: 'error' });
  }
  const suggestion = { ...given };
  let poBox = false;
  let military = false;
  if (country === 'US') {
    const street = standardizeStreet(given.addressLine1);
    suggestion.addressLine1 = street.street;
    suggestion.addressLine2 = [street.unit, standardizeUnit(given.addressLine2)].filter(Boolean).join(' ');
    poBox = isPoBox(given.addressLine1) || isPoBox(given.addressLine2);
    military = isMilitary(given.stateCode, given.city);
    if (poBox) issues.push({ field: 'addressLine1', code: 'poBox', severity: 'warning' });
    if (military) issues.push({ field: 'stateCode', code: 'military', severity: 'warning' });
    const formatIssues = addressFormatIssues(given);
    for (const { field, code } of formatIssues) issues.push({ field, code, severity: 'error' });
    if (given.zipCode && !formatIssues.some((issue) => issue.field === 'zipCode')) {
      const known = lookupZip(given.zipCode);
      if (!known) issues.push({ field: 'zipCode', code: 'zipUnknown', severity: 'error' });
      else {
        suggestion.stateCode = known.stateCode;
        if (given.stateCode && isUsState(given.stateCode) && given.stateCode !== known.stateCode) {
          issues.push({ field: 'stateCode', code: 'stateMismatch', severity: 'error' });
        }
        const knownCity = known.city.toUpperCase();
        if (given.city && given.city.toUpperCase() !== knownCity) {
          // A ZIP can serve several place names; the ZIP's own name is suggested, not imposed.
          issues.push({ field: 'city', code: 'cityMismatch', severity: 'warning' });
        }
        suggestion.city = knownCity;
      }
    }
  }
  const corrected = (Object.keys(given) as (keyof typeof given)[]).some((key) => suggestion[key] !== given[key]);
  return { valid: !issues.some((issue) => issue.severity === 'error'), corrected, issues, suggestion, poBox, military };
}

/** How a checked address is marked (orders' address_status, the address book). */
export function addressStatus(check: AddressCheck): Exclude<AddressStatus, typeof ADDRESS_STATUS.unchecked> {
  if (!check.valid) return ADDRESS_STATUS.invalid;
  return check.corrected ? ADDRESS_STATUS.corrected : ADDRESS_STATUS.valid;
}

/** The check's issues as one line in the reader's language ('' when there are none). */
export function issuesNote(check: AddressCheck, locale: Locale): string {
  return check.issues
    .map((issue) => `${issue.field}: ${translate(`addr_${issue.code}` as MessageKey, locale)}`)
    .join('; ');
}
