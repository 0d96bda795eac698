import type { Locale } from '@parcelport/shared';
import type {
  AddressEntry,
  AddressEntryBody as AddressEntryInput,
} from '@parcelport/shared/contracts/address-book/schemas';
import type { AddressInput } from '@parcelport/shared/contracts/addresses/schemas';
import type { Selectable } from 'kysely';
import { notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import { refusingDuplicate } from '../../db/errors.ts';
import type { Db } from '../../db/index.ts';
import { deleteOwnRows } from '../../db/own-rows.ts';
import type { AddressBookTable } from '../../db/schema.ts';
import { addressStatus, checkAddress, issuesNote } from '../addresses/index.ts';
import { addressRow, clearDefaultSender, defaultSenderRow, insertAddress, updateAddress } from './repo.ts';

type AddressRow = Selectable<AddressBookTable>;

/**
 * The entry as answered, with the offline address check of the moment (outside the US only the required
 * fields are known, so such an entry is marked not checked).
 */
export function addressEntryOf(row: AddressRow, locale: Locale): AddressEntry {
  const address = addressOfRow(row);
  const check = checkAddress(address);
  return {
    id: row.id,
    title: row.title,
    ...address,
    isDefaultSender: row.is_default_sender === 1,
    isValid: row.country_code === 'US' ? addressStatus(check) : 0,
    validationNote: row.country_code === 'US' ? issuesNote(check, locale) : '',
    createdAt: isoTime(row.created_at) as string,
    updatedAt: isoTime(row.updated_at) as string,
  };
}

/** The entry's address as a shipment takes it. */
function addressOfRow(row: AddressRow) {
  return {
    personName: row.person_name,
    company: row.company,
    phone: row.phone,
    email: row.email,
    countryCode: row.country_code,
    stateCode: row.state_code,
    city: row.city,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    zipCode: row.zip_code,
    isResidential: row.is_residential === 1,
  };
}

/** The columns of an entry; a US address with a known ZIP gets its missing city and state from the ZIP. */
function columnsOf(input: AddressEntryInput) {
  let { city, stateCode } = input;
  if (input.countryCode === 'US' && (!city || !stateCode)) {
    const { suggestion } = checkAddress(input);
    city ||= suggestion.city;
    stateCode ||= suggestion.stateCode;
  }
  return {
    title: input.title,
    person_name: input.personName,
    company: input.company,
    phone: input.phone,
    email: input.email,
    country_code: input.countryCode,
    state_code: stateCode,
    city,
    address_line1: input.addressLine1,
    address_line2: input.addressLine2,
    zip_code: input.zipCode,
    is_residential: input.isResidential ? 1 : 0,
    is_default_sender: input.isDefaultSender ? 1 : 0,
  };
}

export async function findAddress(db: Db, userId: number, id: number): Promise<AddressRow> {
  const row = await addressRow(db, userId, id);
  if (!row) throw notFound();
  return row;
}

/**
 * Creates the entry, or rewrites entry `id`. Titles are unique per user; the default sender is one entry
 * at most, so making this one the default unsets the previous one in the same transaction.
 */
export async function saveAddress(db: Db, userId: number, input: AddressEntryInput, id?: number): Promise<AddressRow> {
  const columns = columnsOf(input);
  const now = Date.now();
  return refusingDuplicate('title', 'titleTaken', () =>
    db.transaction().execute(async (trx) => {
      if (input.isDefaultSender) await clearDefaultSender(trx, userId, id);
      const saved =
        id === undefined
          ? await insertAddress(trx, userId, columns, now)
          : await updateAddress(trx, userId, id, columns, now);
      if (!saved) throw notFound();
      return saved;
    }),
  );
}

export const deleteAddresses = (db: Db, userId: number, ids: number[]): Promise<number> =>
  deleteOwnRows(db, 'address_book', userId, ids);

/** The account's default sender as an address a shipment takes (a store's draft, a return's destination). */
export async function defaultSenderOf(db: Db, userId: number): Promise<AddressInput | undefined> {
  const row = await defaultSenderRow(db, userId);
  return row ? (addressOfRow(row) as AddressInput) : undefined;
}
