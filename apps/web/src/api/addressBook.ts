import * as contracts from '@parcelport/shared/contracts/address-book/index';
import { type CallOptions, call } from './call';

/**
 * The merchant's address book and package templates (/settings/addressbook and /settings/packageTemplate).
 * Every row belongs to the signed-in user; the shapes are the contracts' (packages/shared/src/contracts).
 */
export type {
  AddressEntry,
  AddressEntryInput,
  PackageTemplate,
  PackageTemplateInput,
  TemplateUnit,
} from '@parcelport/shared/contracts/address-book/schemas';
export { TEMPLATE_UNITS } from '@parcelport/shared/contracts/address-book/schemas';

/** The address check's outcome: 0 not checked (outside the US), 1 valid, 2 corrections suggested, 3 invalid. */
export type AddressValidity = contracts.AddressEntry['isValid'];

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** The first element of the query keys of each list (every list under it is read again after a change). */
export const ADDRESS_BOOK_KEY = 'addressBook';
export const PACKAGE_TEMPLATES_KEY = 'packageTemplates';

/**
 * The lists in the shape the record lists and pickers take (a page query and the call's options, see
 * components/usePickList.ts).
 *
 * Default sender first, then newest first; the keyword matches title, name, company, phone, city, ZIP, line 1.
 */
export const listAddresses = (query: ListQuery, options: CallOptions = {}) =>
  call(contracts.listAddresses, { query: { ...query } }, options);

/** In name order; the keyword matches the name. */
export const listPackageTemplates = (query: ListQuery, options: CallOptions = {}) =>
  call(contracts.listPackageTemplates, { query: { ...query } }, options);
