import type { Generated } from 'kysely';

/** A visitor's question from /contactUs and the answer staff mailed (0033). */
export interface ContactRequestsTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  monthly_volume: string;
  question: string;
  language: string;
  ip: Generated<string>;
  /** 0 waiting for an answer, 1 answered. */
  status: Generated<number>;
  reply: Generated<string>;
  replied_by: number | null;
  replied_at: number | null;
  created_at: number;
}

/** The tables modules/site writes, by name (test/table-owners.test.ts). */
export interface SiteTables {
  contact_requests: ContactRequestsTable;
}
