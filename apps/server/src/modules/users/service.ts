import type { Locale } from '@parcelport/shared';
import { ACCOUNT_STATUS, formatCents } from '@parcelport/shared';
import type { RegisterInput, userInfoView } from '@parcelport/shared/contracts/users/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields, notFound } from '../../http/errors.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { newToken, sha256, sixDigitCode } from '../auth/tokens.ts';
import { allotDefaultChannels } from '../channels/repo.ts';
import { getConfig } from '../config/service.ts';
import { walletsOf } from '../funds/ledger.ts';
import { findUserById, findUserByUsername, insertUser } from './repo.ts';

const CODE_TTL_MINUTES = 10;
const CODE_RESEND_MS = 60_000;
/** Codes one address can be sent in an hour (clients are limited apart, per IP, by the route). */
const CODE_MAX_PER_HOUR = 5;
const CODE_MAX_ATTEMPTS = 5;
const RESET_TTL_MINUTES = 30;

export async function userInfo(ctx: AppContext, auth: Auth): Promise<z.infer<typeof userInfoView>> {
  const user = await findUserById(ctx.db, auth.userId);
  if (!user) throw notFound('userNotFound');
  const [wallets, roleRows, actor, exchangeRate] = await Promise.all([
    walletsOf(ctx.db, user.id),
    ctx.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['roles.id', 'roles.code'])
      .where('user_roles.user_id', '=', user.id)
      .execute(),
    auth.actorId ? findUserById(ctx.db, auth.actorId) : undefined,
    getConfig(ctx.db, 'exchangeRate'),
  ]);
  const walletViews = wallets.map((wallet) => ({
    currency: wallet.currency,
    balance: formatCents(wallet.balance),
    earnestBalance: formatCents(wallet.earnest_balance),
    depositBalance: formatCents(wallet.deposit_balance),
    refundAmount: formatCents(wallet.refund_amount),
    creditLimit: formatCents(wallet.credit_limit),
  }));
  const usd = walletViews.find((wallet) => wallet.currency === 'USD');
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
    balance: usd?.balance ?? '0.00',
    earnestBalance: usd?.earnestBalance ?? '0.00',
    depositBalance: usd?.depositBalance ?? '0.00',
    refundAmount: usd?.refundAmount ?? '0.00',
    creditLimit: usd?.creditLimit ?? '0.00',
    wallets: walletViews,
    exchangeRate,
    actingAs: actor ? { actorId: actor.id, actorUsername: actor.username } : null,
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
    await trx
      .updateTable('users')
      .set({ password_hash: hash, updated_at: Date.now() })
      .where('id', '=', user.id)
      .execute();
    await revokeUserSessions(trx, user.id, auth.sessionId);
  });
}

/**
 * Mails a registration code: one a minute and CODE_MAX_PER_HOUR an hour per address. The answer never says
 * whether the address is registered: a registered one is counted the same, and its owner is mailed a notice
 * that someone tried instead of a code (so no code for it ever leaves the server).
 */
export async function sendRegistrationCode(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  const now = Date.now();
  const sent = await ctx.db
    .selectFrom('verification_codes')
    .select(['created_at'])
    .where('email', '=', email)
    .where('purpose', '=', 'register')
    .where('created_at', '>', now - 3_600_000)
    .execute();
  if (sent.some((row) => Number(row.created_at) > now - CODE_RESEND_MS)) throw new AppError(429, 'codeTooSoon');
  if (sent.length >= CODE_MAX_PER_HOUR) throw new AppError(429, 'codeTooMany');
  const code = sixDigitCode();
  await ctx.db
    .insertInto('verification_codes')
    .values({
      email,
      purpose: 'register',
      code_hash: sha256(code),
      expires_at: now + CODE_TTL_MINUTES * 60_000,
      created_at: now,
    })
    .execute();
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
 * Uses up the newest live code for the address if it matches. Every try first takes one of the code's
 * attempts in a single conditional update, so guesses sent all at once cannot share one attempt.
 */
async function consumeCode(ctx: AppContext, email: string, code: string): Promise<boolean> {
  const latest = await ctx.db
    .selectFrom('verification_codes')
    .select(['id', 'code_hash'])
    .where('email', '=', email)
    .where('purpose', '=', 'register')
    .where('used_at', 'is', null)
    .where('expires_at', '>', Date.now())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!latest) return false;
  const attempt = await ctx.db
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', latest.id)
    .where('attempts', '<', CODE_MAX_ATTEMPTS)
    .executeTakeFirst();
  if (Number(attempt.numUpdatedRows) === 0) return false;
  if (latest.code_hash !== sha256(code.trim())) return false;
  const used = await ctx.db
    .updateTable('verification_codes')
    .set({ used_at: Date.now() })
    .where('id', '=', latest.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}

/**
 * Makes an inactive customer account; an administrator activates it (docs/spec.md §4 Account). The answer never
 * says whether the address was registered already: a registered address is never mailed a code, so its
 * form fails on the code like any wrong code; one registered since its code was sent (a second try of
 * the same registration) answers as a success and makes nothing. Answers the new account's id, or null.
 */
export async function register(ctx: AppContext, input: RegisterInput): Promise<number | null> {
  const failures: Record<string, MessageKey> = {};
  let ownerId: number | null = null;
  if (input.invitationCode) {
    const owner = await ctx.db
      .selectFrom('users')
      .select('id')
      .where('invitation_code', '=', input.invitationCode)
      .executeTakeFirst();
    if (owner) ownerId = owner.id;
    else failures.invitationCode = 'invitationInvalid';
  }
  if (Object.keys(failures).length > 0) throw invalidFields(failures);
  if (!(await consumeCode(ctx, input.email, input.code))) throw invalidFields({ code: 'codeInvalid' });
  if (await findUserByUsername(ctx.db, input.email)) return null;

  const now = Date.now();
  const passwordHash = await hashPassword(input.password);
  const made = ctx.db.transaction().execute(async (trx) => {
    const userId = await insertUser(
      trx,
      {
        username: input.email,
        email: input.email,
        name: `${input.firstName} ${input.lastName}`,
        nick_name: input.nickName,
        first_name: input.firstName,
        last_name: input.lastName,
        company: input.company,
        phone: input.phone,
        wechat: input.wechat,
        owner_id: ownerId,
        kind: 'customer',
        password_hash: passwordHash,
        status: ACCOUNT_STATUS.inactive,
        account_id: `C${String(now).slice(-8)}`,
        created_at: now,
        updated_at: now,
      },
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
  await ctx.db
    .insertInto('password_resets')
    .values({
      token_hash: sha256(token),
      user_id: user.id,
      expires_at: now + RESET_TTL_MINUTES * 60_000,
      created_at: now,
    })
    .execute();
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
    const reset = await trx
      .updateTable('password_resets')
      .set({ used_at: Date.now() })
      .where('token_hash', '=', sha256(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', Date.now())
      .returning('user_id')
      .executeTakeFirst();
    if (!reset) throw invalidFields({ token: 'resetLinkInvalid' });
    await trx
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: Date.now() })
      .where('id', '=', reset.user_id)
      .execute();
    await revokeUserSessions(trx, reset.user_id);
  });
}
