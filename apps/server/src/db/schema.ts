import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table shapes as Kysely sees them. Conventions (DESIGN §5): ids bigint autoincrement, money bigint cents,
 * times bigint epoch ms, flags integer 0/1, JSON as text.
 */
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
  created_at: number;
  updated_at: number;
}

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  built_in: Generated<number>;
  created_at: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  code: string;
  category: string;
  name: string;
}

export interface RoleResourcesTable {
  role_id: number;
  resource_id: number;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  /** The staff member acting as user_id, when the session came from token/build. */
  actor_id: number | null;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
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

export interface MailOutboxTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
  error: string | null;
}

export interface UserLogsTable {
  id: Generated<number>;
  actor_id: number | null;
  subject_id: number | null;
  method: string;
  path: string;
  status_code: number;
  ip: string;
  created_at: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface WalletsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  balance: Generated<number>;
  earnest_balance: Generated<number>;
  deposit_balance: Generated<number>;
  refund_amount: Generated<number>;
  credit_limit: Generated<number>;
  updated_at: number;
}

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  title: string;
  content: Generated<string>;
  status: Generated<number>;
  created_at: number;
}

export interface BalanceLogsTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  type: number;
  /** Change of the available balance (negative takes money out). */
  amount: number;
  earnest_amount: Generated<number>;
  deposit_amount: Generated<number>;
  balance_after: number;
  earnest_after: number;
  deposit_after: number;
  reference_type: string | null;
  reference_id: number | null;
  reference_no: string | null;
  actor_id: number | null;
  remark: Generated<string>;
  created_at: number;
}

export interface AttachmentsTable {
  id: Generated<number>;
  user_id: number;
  stored_name: string;
  original_name: string;
  mime: string;
  size: number;
  created_at: number;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  payment_method: string;
  forecast_amount: number;
  actual_amount: number | null;
  voucher_id: number | null;
  status: Generated<number>;
  remark: Generated<string>;
  audit_remark: Generated<string>;
  auditor_id: number | null;
  submitted_at: number;
  arrived_at: number | null;
  audited_at: number | null;
}

export interface ConfigsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface Database {
  users: UsersTable;
  roles: RolesTable;
  resources: ResourcesTable;
  role_resources: RoleResourcesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  verification_codes: VerificationCodesTable;
  password_resets: PasswordResetsTable;
  mail_outbox: MailOutboxTable;
  user_logs: UserLogsTable;
  server_secrets: ServerSecretsTable;
  wallets: WalletsTable;
  user_messages: UserMessagesTable;
  balance_logs: BalanceLogsTable;
  attachments: AttachmentsTable;
  recharges: RechargesTable;
  configs: ConfigsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
