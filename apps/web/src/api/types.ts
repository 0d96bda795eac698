import type { RouteMeta } from '@parcelport/shared';

/** Money is a decimal string with two places (DESIGN §4). */
export type Money = string;

export interface Wallet {
  currency: string;
  balance: Money;
  earnestBalance: Money;
  depositBalance: Money;
  refundAmount: Money;
  creditLimit: Money;
}

/** GET /api/user/info */
export interface UserInfo {
  id: number;
  username: string;
  email: string;
  name: string;
  nickName: string;
  realName: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  wechat: string;
  invitationCode: string | null;
  avatar: string;
  accountId: string;
  certification: number;
  memberType: number;
  kind: string;
  status: number;
  registrationDate: string;
  /** Resource codes. */
  role: string[];
  /** Role ids. */
  roles: number[];
  roleCodes: string[];
  resources: { code: string }[];
  balance: Money;
  earnestBalance: Money;
  depositBalance: Money;
  refundAmount: Money;
  creditLimit: Money;
  wallets: Wallet[];
  /** CNY per USD (system configuration), shown beside the CNY wallet. */
  exchangeRate: string;
  actingAs: { actorId: number; actorUsername: string } | null;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /api/admin/list, /api/staff/list */
export interface ManagedUser {
  id: number;
  username: string;
  name: string;
  company: string;
  phone: string;
  status: number;
  kind: string;
  ownerId: number | null;
  invitationCode: string | null;
  registrationDate: string;
  balance: Money;
  roles: { id: number; code: string }[];
}

/** GET /api/role/list */
export interface Role {
  id: number;
  code: string;
  name: string;
  description: string;
  builtIn: boolean;
  resources: string[];
}

/** The navbar message box's messages: the contract's shapes (packages/shared/src/contracts/messages). */
export type { MessageType, UserMessage } from '@parcelport/shared/contracts/messages/schemas';

export type MenuItem = RouteMeta;

export interface RegisterInput {
  email: string;
  phone: string;
  code: string;
  company: string;
  firstName: string;
  lastName: string;
  nickName?: string;
  wechat?: string;
  invitationCode?: string;
  password: string;
  confirmPassword: string;
}
