/**
 * A merchant's team (issue 30): members invited by e-mail, each with an account of its own (kind `member`)
 * that signs in into the merchant's account only, with the permissions the owner gave
 * (http/auth.ts refuses the rest; contracts/member-rules.ts says what each operation needs).
 */
import {
  ACCOUNT_STATUS,
  INVITATION_TTL_DAYS,
  type Locale,
  MAX_MEMBERS,
  type MemberPermission,
} from '@parcelport/shared';
import type { acceptInvitationBody, changeView, memberView } from '@parcelport/shared/contracts/team/schemas';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { translate } from '../../i18n/messages.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { newToken, sha256 } from '../../lib/tokens.ts';
import {
  findUserById,
  findUserByUsername,
  insertUser,
  MEMBER_KIND,
  newAccountRow,
  setAccountStatus,
  setPasswordHash,
  setProfile,
} from '../users/index.ts';
import {
  changeRows,
  consumeInvitation,
  countChanges,
  countMembers,
  deleteMember,
  insertMember,
  type MemberRow,
  memberOf,
  membershipOfMember,
  membersOf,
  permissionsOf,
  setInvitation,
  setPermissions,
} from './repo.ts';

type MemberView = z.infer<typeof memberView>;
const INVITATION_TTL_MS = INVITATION_TTL_DAYS * 86_400_000;

function viewOf(row: MemberRow, now = Date.now()): MemberView {
  const status = row.accepted_at !== null ? 'active' : (row.invite_expires_at ?? 0) > now ? 'invited' : 'expired';
  return {
    id: row.id,
    email: row.email,
    name: row.name.trim(),
    permissions: permissionsOf(row.permissions),
    status,
    invitedAt: isoTime(row.invited_at) as string,
    acceptedAt: isoTime(row.accepted_at),
  };
}

async function memberIn(db: Db, merchantId: number, id: number): Promise<MemberRow> {
  const row = await memberOf(db, merchantId, id);
  if (!row) throw notFound('memberNotFound');
  return row;
}

export async function listMembers(ctx: AppContext, merchantId: number): Promise<MemberView[]> {
  const now = Date.now();
  return (await membersOf(ctx.db, merchantId)).map((row) => viewOf(row, now));
}

async function mailInvitation(ctx: AppContext, merchantId: number, email: string, token: string, locale: Locale) {
  const merchant = await findUserById(ctx.db, merchantId);
  const name = merchant?.company || merchant?.name.trim() || merchant?.username || '';
  const link = `${ctx.config.publicUrl}/acceptInvitation?token=${token}`;
  await ctx.mailer.send({
    to: email,
    subject: translate('mailInviteSubject', locale, { merchant: name }),
    body: translate('mailInviteBody', locale, { merchant: name, link, days: INVITATION_TTL_DAYS }),
    secrets: [link],
  });
}

/**
 * Makes the member's account (inactive, no roles, no usable password) and the membership with a fresh
 * invitation, then mails its link. An address with an account of its own is refused; a member account left
 * by a removal is invited again.
 */
export async function inviteMember(
  ctx: AppContext,
  merchantId: number,
  input: { email: string; permissions: MemberPermission[] },
  locale: Locale,
): Promise<MemberView> {
  const existing = await findUserByUsername(ctx.db, input.email);
  if (existing && (existing.kind !== MEMBER_KIND || (await membershipOfMember(ctx.db, existing.id)))) {
    throw invalidFields({ email: 'memberEmailTaken' });
  }
  if ((await countMembers(ctx.db, merchantId)) >= MAX_MEMBERS) {
    throw new AppError(422, 'memberLimit', { max: MAX_MEMBERS }, { max: MAX_MEMBERS });
  }
  const token = newToken();
  const now = Date.now();
  const unusable = await hashPassword(newToken());
  const id = await ctx.db.transaction().execute(async (trx) => {
    let memberId = existing?.id;
    if (memberId === undefined) {
      const person = {
        email: input.email,
        firstName: '',
        lastName: '',
        nickName: '',
        company: '',
        phone: '',
        wechat: '',
      };
      const row = newAccountRow(
        person,
        { kind: MEMBER_KIND, status: ACCOUNT_STATUS.inactive, password_hash: unusable },
        now,
      );
      memberId = await insertUser(trx, row, []);
    } else {
      await setAccountStatus(trx, memberId, ACCOUNT_STATUS.inactive);
      await setPasswordHash(trx, memberId, unusable);
    }
    return insertMember(
      trx,
      { merchantId, memberId, email: input.email, permissions: input.permissions },
      { hash: sha256(token), expiresAt: now + INVITATION_TTL_MS },
      now,
    );
  });
  await mailInvitation(ctx, merchantId, input.email, token, locale);
  return viewOf(await memberIn(ctx.db, merchantId, id));
}

/** A new link for an invitation not yet accepted (the old one stops working), mailed again. */
export async function resendInvitation(ctx: AppContext, merchantId: number, id: number, locale: Locale) {
  const row = await memberIn(ctx.db, merchantId, id);
  if (row.accepted_at !== null) throw new AppError(422, 'memberAlreadyAccepted');
  const token = newToken();
  const now = Date.now();
  await setInvitation(ctx.db, id, sha256(token), now + INVITATION_TTL_MS, now);
  await mailInvitation(ctx, merchantId, row.email, token, locale);
  return viewOf(await memberIn(ctx.db, merchantId, id));
}

/** New permissions, shown on the member's next call (the membership counts under the merchant's version). */
export async function updateMember(
  ctx: AppContext,
  merchantId: number,
  id: number,
  permissions: MemberPermission[],
): Promise<{ view: MemberView; before: MemberPermission[] }> {
  const row = await memberIn(ctx.db, merchantId, id);
  await setPermissions(ctx.db, id, permissions);
  return { view: viewOf(await memberIn(ctx.db, merchantId, id)), before: permissionsOf(row.permissions) };
}

/** Ends the membership, the member's sessions (at once, on every instance) and the member's sign-in. */
export async function removeMember(ctx: AppContext, merchantId: number, id: number): Promise<MemberRow> {
  const row = await memberIn(ctx.db, merchantId, id);
  await ctx.db.transaction().execute(async (trx) => {
    await deleteMember(trx, id);
    await setAccountStatus(trx, row.member_id, ACCOUNT_STATUS.disabled);
    for (const signOut of ctx.hooks.credentialsChanged) await signOut(trx, { userId: row.member_id });
  });
  return row;
}

/** Accepts an invitation once: the member's name and password, and the account active. */
export async function acceptInvitation(
  ctx: AppContext,
  input: z.output<typeof acceptInvitationBody>,
): Promise<{ username: string }> {
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction().execute(async (trx) => {
    const membership = await consumeInvitation(trx, sha256(input.token), Date.now());
    if (!membership) throw invalidFields({ token: 'teamInvitationInvalid' });
    const person = {
      firstName: input.firstName,
      lastName: input.lastName,
      nickName: '',
      company: '',
      phone: '',
      wechat: '',
    };
    await setProfile(trx, membership.member_id, person);
    await setPasswordHash(trx, membership.member_id, passwordHash);
    await setAccountStatus(trx, membership.member_id, ACCOUNT_STATUS.active);
    return { username: membership.email };
  });
}

function parsed(text: string | null): unknown {
  return text === null ? null : (JSON.parse(text) as unknown);
}

/** A page of the merchant's change history: who (owner, member, staff), what, and before/after where kept. */
export async function listChangeHistory(
  ctx: AppContext,
  scope: Scope,
  merchantId: number,
  query: { page: number; pageSize: number },
) {
  const { page, pageSize } = query;
  const [rows, total] = await Promise.all([
    changeRows(ctx.db, scope, merchantId, pageSize, (page - 1) * pageSize),
    countChanges(ctx.db, scope, merchantId),
  ]);
  const list: z.infer<typeof changeView>[] = rows.map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actor: row.actor,
    role: row.actor_id === merchantId ? 'owner' : row.actor_kind === MEMBER_KIND ? 'member' : 'staff',
    method: row.method,
    path: row.path,
    statusCode: row.status_code,
    before: parsed(row.before),
    after: parsed(row.after),
    time: isoTime(row.created_at) as string,
  }));
  return { list, total, page, pageSize };
}
