import type { Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: Generated<string>;
  nick_name: Generated<string>;
  real_name: Generated<string>;
  first_name: Generated<string>;
  last_name: Generated<string>;
  company: Generated<string>;
  phone: Generated<string>;
  wechat: Generated<string>;
  /** The code this user hands out (sellers); customers who register with it belong to this user. */
  invitation_code: string | null;
  /** The seller (or proxy) who owns this customer. */
  owner_id: number | null;
  /** 'customer' or 'staff' (employees: administrators, customer service, finance, sellers). */
  kind: Generated<string>;
  password_hash: string;
  avatar: Generated<string>;
  status: Generated<number>;
  member_type: Generated<number>;
  account_id: Generated<string>;
  certification: Generated<number>;
  /** Set when staff deleted the account (0030): kept with its history, never listed or managed again. */
  deleted_at: number | null;
  /** A proxy's markup on the platform's price for its customers (0030): basis points and cents. */
  proxy_percent_bp: Generated<number>;
  proxy_fixed_cents: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  email: string;
  purpose: string;
  code_hash: string;
  attempts: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** The tables modules/users writes, by name (test/table-owners.test.ts). */
export interface UsersTables {
  users: UsersTable;
  user_roles: UserRolesTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
}
