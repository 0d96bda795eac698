/** The two account families (docs/api.md): `/admin/…` manages customers, `/staff/…` employees. */

export type { Role, RoleCreate, RoleHolder, RoleUpdate } from '@parcelport/shared/contracts/access/schemas';
export type { UserFamily } from '@parcelport/shared/contracts/admin-users/schemas';
