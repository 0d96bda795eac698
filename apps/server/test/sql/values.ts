/** Example values the repo examples share (test/sql/modules). */

/** 2023-11-14 22:13:20 UTC. */
export const NOW = 1_700_000_000_000;
export const DAY = 86_400_000;

/** Ids of example rows: a merchant, a staff member, an order. */
export const MERCHANT = 7;
export const STAFF = 2;
export const ORDER = 1001;

export const ADDRESS = {
  title: 'Warehouse',
  person_name: 'Ada Lovelace',
  company: 'Analytical Engines',
  phone: '2125550100',
  email: 'ada@example.com',
  country_code: 'US',
  state_code: 'NY',
  city: 'New York',
  address_line1: '1 Main St',
  address_line2: '',
  zip_code: '10001',
  is_residential: 0,
  is_default_sender: 1,
};

export const PAGE = { page: 1, pageSize: 20 };

/** The three kinds of scope a call has (core/scope.ts): any account, one account, the accounts one user owns. */
export const ANY_ACCOUNT = {};
export const OWN = { userId: MERCHANT };
export const OWNED = { ownerId: STAFF };
