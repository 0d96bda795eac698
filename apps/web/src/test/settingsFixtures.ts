import type { AddressEntry, PackageTemplate } from '../api/addressBook';

/** An address book entry as the server answers it: the default sender, checked valid. */
export const entry = (overrides: Partial<AddressEntry> = {}): AddressEntry => ({
  id: 1,
  title: 'Main warehouse',
  personName: 'Ada Shipper',
  company: 'Shop Co',
  phone: '+1 310 555 0100',
  email: 'ada@shop.test',
  countryCode: 'US',
  stateCode: 'CA',
  city: 'Beverly Hills',
  addressLine1: '9450 Wilshire Blvd',
  addressLine2: 'Suite 200',
  zipCode: '90210',
  isResidential: false,
  isDefaultSender: true,
  isValid: 1,
  validationNote: '',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

/** A residential entry whose check suggests a correction. */
export const home = entry({
  id: 2,
  title: 'Grace at home',
  personName: 'Grace Buyer',
  company: '',
  phone: '212 555 0199',
  email: '',
  stateCode: 'NY',
  city: 'New York',
  addressLine1: '350 5th Ave',
  addressLine2: '',
  zipCode: '10118',
  isResidential: true,
  isDefaultSender: false,
  isValid: 2,
  validationNote: 'ZIP+4 suggested: 10118-0110',
});

/** A package template as the server answers it. */
export const template = (overrides: Partial<PackageTemplate> = {}): PackageTemplate => ({
  id: 1,
  name: 'Medium box',
  quantity: 1,
  length: 12,
  width: 10,
  height: 8,
  weight: 2.5,
  unit: 'lb/in',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});
