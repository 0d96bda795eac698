import type { AddressValue } from './orders';
import { http, type RequestOptions } from './request';
import type { Page } from './types';

/**
 * The merchant's address book and package templates (SPEC §2 /settings/addressbook and
 * /settings/packageTemplate, §3, §5). Every row belongs to the signed-in user.
 */

/** The address check's outcome: 0 not checked (outside the US), 1 valid, 2 corrections suggested, 3 invalid. */
export type AddressValidity = 0 | 1 | 2 | 3;

/** An address book entry as the server answers it: an order party's address with its title and check. */
export interface AddressEntry extends AddressValue {
  id: number;
  title: string;
  isDefaultSender: boolean;
  isValid: AddressValidity;
  /** The check's issues in the caller's language; '' when none. */
  validationNote: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * What POST/PUT take: title, personName, phone, addressLine1 and zipCode are required (SPEC §5); the
 * country defaults to US, a known US ZIP fills an empty city and state.
 */
export type AddressEntryInput = Pick<AddressEntry, 'title' | 'personName' | 'phone' | 'addressLine1' | 'zipCode'> &
  Partial<Omit<AddressValue, 'personName' | 'phone' | 'addressLine1' | 'zipCode'> & { isDefaultSender: boolean }>;

export const TEMPLATE_UNITS = ['lb/in', 'kg/cm'] as const;
export type TemplateUnit = (typeof TEMPLATE_UNITS)[number];

export interface PackageTemplate {
  id: number;
  name: string;
  quantity: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  unit: TemplateUnit;
  createdAt: string;
  updatedAt: string;
}

/** Every field required: quantity a whole number from 1, sizes and weight above 0. */
export type PackageTemplateInput = Pick<
  PackageTemplate,
  'name' | 'quantity' | 'length' | 'width' | 'height' | 'weight' | 'unit'
>;

export interface ListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
}

/** The first element of the query keys of each list (every list under it is read again after a change). */
export const ADDRESS_BOOK_KEY = 'addressBook';
export const PACKAGE_TEMPLATES_KEY = 'packageTemplates';

const ADDRESS = '/app/user/address';
const TEMPLATE = '/app/user/packageTemplate';

/** Default sender first, then newest first; the keyword matches title, name, company, phone, city, ZIP, line 1. */
export function listAddresses(query: ListQuery, options: RequestOptions = {}) {
  return http.get<Page<AddressEntry>>(`${ADDRESS}/list`, { ...query }, options);
}

export function getAddress(id: number) {
  return http.get<AddressEntry>(`${ADDRESS}/${id}`);
}

export function createAddress(input: AddressEntryInput) {
  return http.post<AddressEntry>(ADDRESS, input);
}

export function updateAddress(id: number, input: AddressEntryInput) {
  return http.put<AddressEntry>(`${ADDRESS}/${id}`, input);
}

export function deleteAddresses(ids: number[]) {
  return http.delete<{ deleted: number }>(ADDRESS, { ids });
}

/** In name order; the keyword matches the name. */
export function listPackageTemplates(query: ListQuery, options: RequestOptions = {}) {
  return http.get<Page<PackageTemplate>>(`${TEMPLATE}/list`, { ...query }, options);
}

export function createPackageTemplate(input: PackageTemplateInput) {
  return http.post<PackageTemplate>(TEMPLATE, input);
}

export function updatePackageTemplate(id: number, input: PackageTemplateInput) {
  return http.put<PackageTemplate>(`${TEMPLATE}/${id}`, input);
}

export function deletePackageTemplates(ids: number[]) {
  return http.delete<{ deleted: number }>(TEMPLATE, { ids });
}
