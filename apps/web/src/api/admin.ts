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

export type { Role, RoleCreate, RoleHolder, RoleUpdate } from '@parcelport/shared/contracts/access/schemas';
