/**
 * Team members (issue 30): people a merchant invites by e-mail, who sign in as themselves and act on the
 * merchant's objects with the permissions the owner gave them. An operation that needs one names it
 * (`memberRuleOf`, contracts/member-rules.ts); every other operation of the merchant's is open to members.
 */
export const MEMBER_PERMISSIONS = ['buy', 'void', 'topUp', 'money', 'settings', 'keys'] as const;
export type MemberPermission = (typeof MEMBER_PERMISSIONS)[number];

/** What an operation asks of a member: a permission, `owner` (refused to every member), or nothing. */
export type MemberRule = MemberPermission | 'owner' | null;

/** How long an invitation link works, in days. */
export const INVITATION_TTL_DAYS = 7;

/** Members one merchant may have at once (invited or accepted). */
export const MAX_MEMBERS = 50;
