import type { Locale } from '@parcelport/shared';
import { ACCOUNT_STATUS, formatCents } from '@parcelport/shared';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../http/auth.ts';
import { AppError, invalidFields, notFound } from '../../http/errors.ts';
import { type MessageKey, translate } from '../../http/messages.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { newToken, sha256, sixDigitCode } from '../auth/tokens.ts';
import { allotDefaultChannels } from '../channels/repo.ts';
import { getConfig } from '../config/service.ts';
import { findUserById, findUserByUsername, insertUser, walletsOf } from './repo.ts';
import type { RegisterInput, userInfoView } from './schemas.ts';

const CODE_TTL_MINUTES = 10;
const CODE_RESEND_MS = 60_000;
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
  await ctx.db
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), updated_at: Date.now() })
    .where('id', '=', user.id)
    .execute();
}

/** Mails a registration code; one per minute per address. */
export async function sendRegistrationCode(ctx: AppContext, email: string, locale: Locale): Promise<void> {
  const recent = await ctx.db
    .selectFrom('verification_codes')
    .select('id')
    .where('email', '=', email)
    .where('purpose', '=', 'register')
    .where('created_at', '>', Date.now() - CODE_RESEND_MS)
    .executeTakeFirst();
  if (recent) throw new AppError(429, 'codeTooSoon');
  const code = sixDigitCode();
  const now = Date.now();
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
  await ctx.mailer.send({
    to: email,
    subject: translate('mailCodeSubject', locale),
    body: translate('mailCodeBody', locale, { code, minutes: CODE_TTL_MINUTES }),
  });
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

/** Makes an inactive customer account; an administrator activates it (SPEC §4 Account). */
export async function register(ctx: AppContext, input: RegisterInput): Promise<number> {
  const failures: Record<string, MessageKey> = {};
  if (await findUserByUsername(ctx.db, input.email)) failures.email = 'emailTaken';
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

  const now = Date.now();
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
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
