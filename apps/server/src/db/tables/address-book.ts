import type { Generated } from 'kysely';

export interface AddressBookTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  person_name: string;
  company: string;
  phone: string;
  email: string;
  country_code: string;
  state_code: string;
  city: string;
  address_line1: string;
  address_line2: string;
  zip_code: string;
  is_residential: number;
  is_default_sender: number;
  created_at: number;
  updated_at: number;
}

export interface PackageTemplatesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  quantity: number;
  length: number;
  width: number;
  height: number;
  weight: number;
  /** 'lb/in' or 'kg/cm'. */
  unit: string;
  created_at: number;
  updated_at: number;
}

/** The tables modules/address-book writes, by name (test/table-owners.test.ts). */
export interface AddressBookTables {
  address_book: AddressBookTable;
  package_templates: PackageTemplatesTable;
}
