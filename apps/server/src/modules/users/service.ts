import type { Locale } from '@parcelport/shared';
import { ACCOUNT_STATUS, formatCents } from '@parcelport/shared';
import type { RegisterInput, UpdateProfileInput, userInfoView } from '@parcelport/shared/contracts/users/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type Auth, seesMoney } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { newToken, sixDigitCode } from '../../lib/tokens.ts';
import { rolesOfUsers } from '../access/index.ts';
import { findAttachment } from '../attachments/index.ts';
import { allotDefaultChannels } from '../channels/index.ts';
import { walletsOf } from '../funds/index.ts';
import {
  consumePasswordReset,
  consumeRegistrationCode,
  insertPasswordReset,
  insertRegistrationCode,
  registrationCodesSentSince,
} from './codes-repo.ts';
import {
  findUserById,
  findUserByInvitationCode,
  findUserByUsername,
  insertUser,
  newAccountRow,
  setPasswordHash,
  setProfile,
} from './repo.ts';

const CODE_TTL_MINUTES = 10;
const CODE_RESEND_MS = 60_000;
/** Codes one address can be sent in an hour (clients are limited apart, per IP, by the route). */
const CODE_MAX_PER_HOUR = 5;
const CODE_MAX_ATTEMPTS = 5;
const RESET_TTL_MINUTES = 30;

/** What a test API key is told of its money: nothing held, nothing owed (test labels are free). */
const TEST_WALLET = {
  currency: 'USD',
  balance: 0,
  earnest_balance: 0,
  deposit_balance: 0,
  refund_amount: 0,
  credit_limit: 0,
} as const;

export async function userInfo(ctx: AppContext, auth: Auth): Promise<z.infer<typeof userInfoView>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound('userNotFound');
  const [wallets, roleRows, actor, exchangeRate] = await Promise.all([
    walletsOf(ctx.db, user.id),
    rolesOfUsers(ctx.db, [user.id]).then((roles) => roles.get(user.id) ?? []),
    auth.actorId ? findUserById(ctx.db, auth.actorId) : undefined,
    ctx.settings.current().then((values) => values.exchange.cnyPerUsd),
  ]);
  // A test API key has its own money, as Stripe's test mode has a test balance (docs/api.md "Test and live
  // keys"): test labels cost nothing, so it is a USD wallet at zero, always; the live wallets are not its.
  const walletViews = (auth.keyMode === 'test' ? [TEST_WALLET] : wallets).map((wallet) => ({
    currency: wallet.currency,
    balance: formatCents(wallet.balance),
    earnestBalance: formatCents(wallet.earnest_balance),
    depositBalance: formatCents(wallet.deposit_balance),
    refundAmount: formatCents(wallet.refund_amount),
    creditLimit: formatCents(wallet.credit_limit),
  }));
  const usd = walletViews.find((wallet) => wallet.currency === 'USD');
  // A team member is the actor of the merchant's session, never "acting as"; money only with `money`.
  const member =
    auth.member && actor ? { id: actor.id, username: actor.username, name: actor.name.trim(), ...auth.member } : null;
  const hideMoney = !seesMoney(auth);
  const money = (value: string | undefined) => (hideMoney ? '' : (value ?? '0.00'));
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    name: user.name,
    nickName: user.nick_name,
    realName: user.real_name,
    firstName: user.first_name,
    lastName: user.last_name,
    company: user.company,
    phone: user.phone,
    wechat: user.wechat,
    invitationCode: user.invitation_code,
    avatar: user.avatar,
    accountId: user.account_id,
    certification: user.certification,
    memberType: user.member_type,
    kind: user.kind,
    status: user.status,
    registrationDate: new Date(user.created_at).toISOString(),
    role: auth.codes,
    roles: roleRows.map((role) => role.id),
    roleCodes: roleRows.map((role) => role.code),
    resources: auth.codes.map((code) => ({ code })),
    balance: money(usd?.balance),
    earnestBalance: money(usd?.earnestBalance),
    depositBalance: money(usd?.depositBalance),
    refundAmount: money(usd?.refundAmount),
    creditLimit: money(usd?.creditLimit),
    wallets: hideMoney ? [] : walletViews,
    exchangeRate,
    actingAs: actor && !member ? { actorId: actor.id, actorUsername: actor.username } : null,
    member,
    mode: auth.keyMode ?? null,
  };
}

export async function changePassword(
  ctx: AppContext,
  auth: Auth,
  oldPassword: string,
  password: string,
): Promise<void> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound('userNotFound');
  if (!(await verifyPassword(oldPassword, user.password_hash)))
    throw invalidFields({ oldPassword: 'oldPasswordWrong' });
  const hash = await hashPassword(password);
  // Whoever knew the old password is signed out everywhere else; this session goes on, and API keys stay.
  await ctx.db.transaction().execute(async (trx) => {
    await setPasswordHash(trx, user.id, hash);
    for (const signOut of ctx.hooks.credentialsChanged)
      await signOut(trx, { userId: user.id, keepSession: auth.sessionId });
  });
}

/**
 * Mails a registration code: one a minute and CODE_MAX_PER_HOUR an hour per address. The answer never says
 * whether the address is registered: a registered one is counted the same, and its owner is mailed a notice
 * that someone tried instead of a code (so no code for it ever leaves the server).
 */
export async function sendRegistrationCode(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  if ((await ctx.settings.current()).registration.mode === 'closed') throw new AppError(403, 'registrationClosed');
  const now = Date.now();
  const sent = await registrationCodesSentSince(ctx.db, email, now - 3_600_000);
  if (sent.some((sentAt) => sentAt > now - CODE_RESEND_MS)) throw new AppError(429, 'codeTooSoon');
  if (sent.length >= CODE_MAX_PER_HOUR) throw new AppError(429, 'codeTooMany');
  const code = sixDigitCode();
  await insertRegistrationCode(ctx.db, email, code, now + CODE_TTL_MINUTES * 60_000);
  const registered = await findUserByUsername(ctx.db, email);
  await ctx.mailer.send(
    registered
      ? { to: email, subject: translate('mailTakenSubject', locale), body: translate('mailTakenBody', locale) }
      : {
          to: email,
          subject: translate('mailCodeSubject', locale),
          body: translate('mailCodeBody', locale, { code, minutes: CODE_TTL_MINUTES }),
          secrets: [code],
        },
  );
}

/**
 * Makes an inactive customer account; an administrator activates it (docs/spec.md §4 Account). The answer never
 * says whether the address was registered already: a registered address is never mailed a code, so its
 * form fails on the code like any wrong code; one registered since its code was sent (a second try of
 * the same registration) answers as a success and makes nothing. Answers the new account's id, or null.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<number | null> {
  // Open, by a seller's invitation code only, or closed: the run-time setting (/adminSettings/sysConfig).
  const mode = (await ctx.settings.current()).registration.mode;
  if (mode === 'closed') throw new AppError(403, 'registrationClosed');
  const failures: Record<string, MessageKey> = {};
  let ownerId: number | null = null;
  if (!input.invitationCode && mode === 'invitation') failures.invitationCode = 'invitationRequired';
  if (input.invitationCode) {
    const owner = await findUserByInvitationCode(ctx.db, input.invitationCode);
    if (owner) ownerId = owner.id;
    else failures.invitationCode = 'invitationInvalid';
  }
  if (Object.keys(failures).length > 0) throw invalidFields(failures);
  if (!(await consumeRegistrationCode(ctx.db, input.email, input.code, CODE_MAX_ATTEMPTS)))
    throw invalidFields({ code: 'codeInvalid' });
  if (await findUserByUsername(ctx.db, input.email)) return null;

  const now = Date.now();
  const passwordHash = await hashPassword(input.password);
  const made = ctx.db.transaction().execute(async (trx) => {
    const userId = await insertUser(
      trx,
      newAccountRow(
        input,
        { kind: 'customer', status: ACCOUNT_STATUS.inactive, password_hash: passwordHash, owner_id: ownerId },
        now,
      ),
      ['customer'],
    );
    await allotDefaultChannels(trx, userId);
    return userId;
  });
  // The same address registered at the same moment by a second try: answered as the first.
  return made.catch((error) => {
    if (isUniqueViolation(error)) return null;
    throw error;
  });
}

/** Mails a single-use reset link if the address belongs to an account; says nothing either way. */
export async function requestPasswordReset(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  const user = await findUserByUsername(ctx.db, email);
  if (!user) return;
  const token = newToken();
  const now = Date.now();
  await insertPasswordReset(ctx.db, user.id, token, now + RESET_TTL_MINUTES * 60_000);
  const link = `${ctx.config.publicUrl}/resetPassword?token=${token}`;
  await ctx.mailer.send({
    to: user.email,
    subject: translate('mailResetSubject', locale),
    body: translate('mailResetBody', locale, { link, minutes: RESET_TTL_MINUTES }),
    secrets: [link],
  });
}

/** Sets the new password once per link, and signs the account out everywhere. */
export async function resetPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction().execute(async (trx) => {
    const userId = await consumePasswordReset(trx, token);
    if (userId === undefined) throw invalidFields({ token: 'resetLinkInvalid' });
    await setPasswordHash(trx, userId, passwordHash);
    for (const signOut of ctx.hooks.credentialsChanged) await signOut(trx, { userId });
  });
}

/**
 * Changes the signed-in user's profile. An avatar is an image the user uploaded themselves (the upload
 * keeps it to 500KB); another's file, or one that is not an image, is refused on `avatarAttachmentId`.
 */
export async function updateProfile(ctx: AppContext, auth: Auth, input: UpdateProfileInput): Promise<void> {
  let avatar: string | undefined;
  if (input.avatarAttachmentId === null) avatar = '';
  else if (input.avatarAttachmentId !== undefined) {
    const file = await findAttachment(ctx.db, input.avatarAttachmentId);
    if (file?.user_id !== auth.userId || !file.mime.startsWith('image/'))
      throw invalidFields({ avatarAttachmentId: 'avatarNotImage' });
    avatar = `/api/app/attachment/${file.id}`;
  }
  await setProfile(ctx.db, auth.userId, { ...input, avatar });
}
