import type { RouteMeta } from '@parcelport/shared';

/** Money is a decimal string with two places (docs/design.md §4). */
export type Money = string;

/** The signed-in user (the users contracts' getUserInfo). */
export type { UserInfo, Wallet } from '@parcelport/shared/contracts/users/schemas';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A role with the resource codes it grants (the access contracts' listRoles). */
export type { Role } from '@parcelport/shared/contracts/access/schemas';
/** An account in the account lists (the admin-users contracts' listUsers). */
export type { ManagedUser } from '@parcelport/shared/contracts/admin-users/schemas';

/** The navbar message box's messages: the contract's shapes (packages/shared/src/contracts/messages). */
export type { MessageType, UserMessage } from '@parcelport/shared/contracts/messages/schemas';

export type MenuItem = RouteMeta;

/** What the registration form sends (the users contracts' register). */
export type { RegisterBody as RegisterInput } from '@parcelport/shared/contracts/users/schemas';
