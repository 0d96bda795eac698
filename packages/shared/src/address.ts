/**
 * The state codes a US address can carry, as the ZIP data knows them: the 50 states and DC, the territories
 * (AS, GU, MP, PR, VI), the freely associated states served by USPS (FM, MH, PW) and the military
 * AA, AE and AP.
 */
export const US_STATE_CODES: readonly string[] = (
  'AA AE AK AL AP AR AS AZ CA CO CT DC DE FL FM GA GU HI IA ID IL IN KS KY LA MA MD ME MH MI MN MO MP MS MT NC ' +
  'ND NE NH NJ NM NV NY OH OK OR PA PR PW RI SC SD TN TX UT VA VI VT WA WI WV WY'
).split(' ');

/** A US ZIP: 5 digits, or ZIP+4 (`12345-6789`). */
export const isUsZip = (zip: string): boolean => /^\d{5}(-\d{4})?$/.test(zip.trim());

export const isUsState = (state: string): boolean => US_STATE_CODES.includes(state.trim().toUpperCase());

export interface AddressFormatIssue {
  field: 'zipCode' | 'stateCode';
  code: 'zipFormat' | 'stateInvalid';
}

/**
 * An address checked for its country (the one rule of the order form, the draft, the estimate, the import,
 * the address book and the label purchase): a US ZIP is 5 digits or ZIP+4 and a US state one of
 * US_STATE_CODES. Empty fields are left to the rules that require them; other countries' formats are not
 * known here.
 */
export function addressFormatIssues(address: {
  countryCode?: string | undefined;
  stateCode?: string | undefined;
  zipCode?: string | undefined;
}): AddressFormatIssue[] {
  const country = (address.countryCode ?? '').trim().toUpperCase() || 'US';
  if (country !== 'US') return [];
  const issues: AddressFormatIssue[] = [];
  const zip = (address.zipCode ?? '').trim();
  const state = (address.stateCode ?? '').trim();
  if (zip && !isUsZip(zip)) issues.push({ field: 'zipCode', code: 'zipFormat' });
  if (state && !isUsState(state)) issues.push({ field: 'stateCode', code: 'stateInvalid' });
  return issues;
}

/**
 * The address fields a carrier reads and prints (its systems take Latin letters only). Phone, email and
 * everything outside the parties (references, remark, descriptions) may be in any script.
 */
export const CARRIER_LATIN_FIELDS = [
  'personName',
  'company',
  'addressLine1',
  'addressLine2',
  'city',
  'stateCode',
] as const;
export type CarrierLatinField = (typeof CARRIER_LATIN_FIELDS)[number];

/**
 * Text a US carrier takes: printable ASCII, Latin-1 and Latin Extended letters with their accents
 * (Müller, Łukasz, Nguyễn) and typographic punctuation; not CJK, Cyrillic, Greek, Arabic and the like.
 */
export const isLatinText = (text: string): boolean =>
  /^[\t\n\r\x20-\x7e\u00a0-\u024f\u1e00-\u1eff\u2000-\u206f]*$/.test(text.normalize('NFC').replace(/\p{M}/gu, ''));

/** The carrier-read fields of an address that hold other than Latin letters, in CARRIER_LATIN_FIELDS' order. */
export function nonLatinFields(address: Partial<Record<CarrierLatinField, string | undefined>>): CarrierLatinField[] {
  return CARRIER_LATIN_FIELDS.filter((field) => !isLatinText(address[field] ?? ''));
}
