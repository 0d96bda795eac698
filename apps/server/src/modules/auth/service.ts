import { ACCOUNT_STATUS } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { membershipOfMember } from '../team/index.ts';
import { findUserByUsername, MEMBER_KIND } from '../users/index.ts';
import { decryptLoginData } from './login-key.ts';
import { clearLoginFailures, recordLoginFailure, refuseWhileLocked } from './login-throttle.ts';
import { createSession } from './sessions.ts';

// Compared against when the username is unknown, so a miss takes as long as a wrong password.
const DECOY_HASH = hashPassword('decoy-password');

/** Checks the encrypted credentials and opens a session; throws the docs/spec.md §5/§8 messages otherwise. */
export async function login(ctx: AppContext, encryptData: string): Promise<{ token: string }> {
  const credentials = decryptLoginData(ctx.loginKey, encryptData) as { username?: unknown; password?: unknown } | null;
  if (!credentials || typeof credentials !== 'object') {
    throw new AppError(400, 'loginDecryptFailed', { fields: { encryptData: 'loginDecryptFailed' } });
  }
  const username = typeof credentials.username === 'string' ? credentials.username.trim() : '';
  const password = typeof credentials.password === 'string' ? credentials.password : '';
  const missing: Record<string, MessageKey> = {};
  if (!username) missing.username = 'usernameRequired';
  if (!password) missing.password = 'passwordRequired';
  if (Object.keys(missing).length > 0) throw invalidFields(missing);

  await refuseWhileLocked(ctx.db, username);
  const user = await findUserByUsername(ctx.db, username);
  const passwordOk = await verifyPassword(password, user?.password_hash ?? (await DECOY_HASH));
  if (!user || !passwordOk) {
    await recordLoginFailure(ctx.db, username);
    throw new AppError(401, 'badCredentials');
  }
  await clearLoginFailures(ctx.db, username);
  if (user.status === ACCOUNT_STATUS.inactive) throw new AppError(403, 'accountInactive');
  if (user.status !== ACCOUNT_STATUS.active) throw new AppError(403, 'accountDisabled');
  if (user.kind === MEMBER_KIND) {
    // A team member signs in as themselves into the merchant's account: its session is the merchant's, with
    // the member as actor (modules/team).
    const membership = await membershipOfMember(ctx.db, user.id);
    if (!membership?.accepted_at) throw new AppError(403, 'accountDisabled');
    return { token: await createSession(ctx.db, ctx.config, membership.user_id, user.id) };
  }
  return { token: await createSession(ctx.db, ctx.config, user.id) };
}
