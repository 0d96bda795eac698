import type { Locale } from '@parcelport/shared';

/** The messages modules/team speaks, in both languages (composed by ../messages.ts). */
export const TEAM_MESSAGES = {
  // Team members (issue 30, modules/team).
  memberNotFound: { 'zh-CN': '成员不存在', 'en-US': 'Member not found' },
  memberEmailTaken: {
    'zh-CN': '该邮箱已有账号，请使用其他邮箱邀请',
    'en-US': 'This address already has an account; invite another address',
  },
  memberAlreadyAccepted: { 'zh-CN': '该成员已接受邀请', 'en-US': 'This member has already accepted' },
  memberLimit: { 'zh-CN': '成员数量已达上限（{max}）', 'en-US': 'The team is full ({max} members)' },
  teamInvitationInvalid: {
    'zh-CN': '邀请链接无效或已过期，请让账号所有者重新发送',
    'en-US': 'The invitation link is invalid or expired; ask the account owner to send it again',
  },
  mailInviteSubject: {
    'zh-CN': '{merchant} 邀请您加入 ParcelPort 团队',
    'en-US': '{merchant} invites you to their ParcelPort team',
  },
  mailInviteBody: {
    'zh-CN':
      '{merchant} 邀请您作为团队成员使用其 ParcelPort 账号。请在 {days} 天内打开以下链接设置密码（仅可使用一次）：\n{link}\n如不认识对方请忽略此邮件。',
    'en-US':
      '{merchant} invites you to work in their ParcelPort account as a team member. Open this link within {days} days to set your password (it works once):\n{link}\nIf you do not know them, ignore this mail.',
  },
} satisfies Record<string, Record<Locale, string>>;
