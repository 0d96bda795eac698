/**
 * No one gives what they do not hold: a role is made, changed, deleted, given or taken away only by a caller
 * holding every resource code it grants, so a holder of role management cannot raise itself or anyone else
 * above itself (nor strip a role above it, the administrator's say).
 */
import { PLACEHOLDER_CODE } from '@parcelport/shared';
import type { Auth } from '../../core/caller.ts';
import { AppError } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { codesOfRoles } from './repo.ts';

/**
 * Throws 403 `codesNotHeld`, naming them, when some of `codes` are not the caller's; the placeholder code,
 * which nobody holds and which opens only screens not built yet, is anyone's to give.
 */
export function assertCodesHeld(auth: Pick<Auth, 'codes'>, codes: readonly string[]): void {
  const beyond = [...new Set(codes)].filter((code) => code !== PLACEHOLDER_CODE && !auth.codes.includes(code)).sort();
  if (beyond.length > 0) throw new AppError(403, 'codesNotHeld', { codes: beyond }, { codes: beyond.join(', ') });
}

/** Throws 403 `codesNotHeld` when the roles of these ids grant a code the caller does not hold. */
export async function assertRolesHeld(db: Db, auth: Pick<Auth, 'codes'>, roleIds: readonly number[]): Promise<void> {
  assertCodesHeld(auth, await codesOfRoles(db, roleIds));
}
