import * as access from '@parcelport/shared/contracts/access/index';
import * as contracts from '@parcelport/shared/contracts/admin-users/index';
import { call } from './call';

/** The two account families (docs/api.md): `/admin/…` manages customers, `/staff/…` employees. */
export type { UserFamily } from '@parcelport/shared/contracts/admin-users/schemas';

export interface UserListQuery {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: number;
  /** Only the accounts registered under this seller or proxy. */
  ownerId?: number;
}

export const listUsers = (family: contracts.UserFamily, query: UserListQuery) =>
  call(contracts.listUsers[family], { query: { ...query } });

export const updateUserStatus = (family: contracts.UserFamily, id: number, status: number) =>
  call(contracts.updateUserStatus[family], { params: { id }, body: { status } });

export const updateUserRoles = (family: contracts.UserFamily, userId: number, roleIds: number[]) =>
  call(contracts.updateUserRoles[family], { body: { userId, roleIds } });

/** A token to act as the user (the answer's data is the token string). */
export const buildUserToken = (family: contracts.UserFamily, id: number) =>
  call(contracts.buildUserToken[family], { params: { id } });

/** Gives a seller a new invitation code (customers who register with it belong to the seller). */
export const issueInvitationCode = (id: number) => call(contracts.updateSeller, { body: { id } });

export const listRoles = () => call(access.listRoles, {});

/** One account with its wallets and profile, for the edit form. */
export const getManagedUser = (family: contracts.UserFamily, id: number) =>
  call(contracts.getUser[family], { params: { id } });

export type { Role, RoleCreate, RoleHolder, RoleUpdate } from '@parcelport/shared/contracts/access/schemas';
export const createRole = (body: access.RoleCreate) => call(access.createRole, { body });
export const updateRole = (id: number, body: access.RoleUpdate) => call(access.updateRole, { params: { id }, body });
export const deleteRole = (id: number) => call(access.deleteRole, { params: { id } });
export const listRoleHolders = (id: number, page: number, pageSize: number) =>
  call(access.listRoleHolders, { params: { id }, query: { page, pageSize } });
export const listResources = () => call(access.listResources, {});
