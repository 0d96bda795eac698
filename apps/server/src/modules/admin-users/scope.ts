import { ROLE } from '@parcelport/shared';
import type { Auth } from '../../http/auth.ts';

/** Roles that see every account; anyone else with user-list access (sellers, proxies) sees only their own. */
const PLATFORM_WIDE: readonly string[] = [ROLE.administrator, ROLE.customerService, ROLE.finance];

/** The owner a caller's user queries are limited to, or null for all accounts. */
export function ownerScope(auth: Auth): number | null {
  return auth.roles.some((role) => PLATFORM_WIDE.includes(role)) ? null : auth.userId;
}
