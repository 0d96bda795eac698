import type { AddressEntry, AddressEntryInput } from '../../api/addressBook';
import type { AddressValue } from '../../api/orders';
import { ADDRESS_FIELDS } from './AddressForm';

/** An entry's address as an order party holds it. */
export function partyOf(entry: AddressEntry): AddressValue {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, entry[field]])) as unknown as AddressValue;
}

/** An entry as PUT takes it back (everything it holds but the server's own fields). */
export function entryToInput(entry: AddressEntry): Required<AddressEntryInput> {
  return { ...partyOf(entry), title: entry.title, isDefaultSender: entry.isDefaultSender };
}

const normal = (field: string, value: unknown) =>
  field === 'isResidential'
    ? Boolean(value)
    : String(value ?? '')
        .trim()
        .toUpperCase();

/** Whether an order party holds exactly the entry's address (so the picker can name it). */
export function sameParty(entry: AddressEntry, party: Partial<AddressValue> | undefined): boolean {
  if (!party) return false;
  return ADDRESS_FIELDS.every((field) => normal(field, entry[field]) === normal(field, party[field]));
}

/** One line: first and second line, city, state and ZIP, country. */
export function formatAddress(
  entry: Pick<AddressEntry, 'addressLine1' | 'addressLine2' | 'city' | 'stateCode' | 'zipCode' | 'countryCode'>,
): string {
  const region = [entry.stateCode, entry.zipCode].filter(Boolean).join(' ');
  return [entry.addressLine1, entry.addressLine2, entry.city, region, entry.countryCode].filter(Boolean).join(', ');
}
