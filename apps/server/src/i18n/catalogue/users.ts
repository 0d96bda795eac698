import type { Locale } from '@parcelport/shared';

/** The messages modules/users speaks, in both languages (composed by ../messages.ts). */
export const USERS_MESSAGES = {
  oldPasswordWrong: { 'zh-CN': '原密码错误', 'en-US': 'The old password is incorrect' },
  codeInvalid: { 'zh-CN': '验证码错误或已过期', 'en-US': 'The verification code is wrong or has expired' },
  codeTooMany: {
    'zh-CN': '该邮箱的验证码发送次数过多，请一小时后再试',
    'en-US': 'Too many codes were sent to this address; try again in an hour',
  },
  codeTooSoon: { 'zh-CN': '验证码发送过于频繁，请稍后再试', 'en-US': 'A code was just sent; please wait a minute' },
  invitationInvalid: { 'zh-CN': '邀请码无效', 'en-US': 'The invitation code is not valid' },
  resetLinkInvalid: { 'zh-CN': '重置链接无效或已过期', 'en-US': 'The reset link is invalid or has expired' },
  mailCodeSubject: { 'zh-CN': '您的注册验证码', 'en-US': 'Your registration code' },
  mailTakenSubject: { 'zh-CN': '有人尝试用您的邮箱注册', 'en-US': 'Someone tried to register with your address' },
  mailTakenBody: {
    'zh-CN':
      '有人尝试用此邮箱注册新账号，但此邮箱已有账号。如是您本人，请直接登录，忘记密码可在登录页找回；如非本人操作，请忽略此邮件。',
    'en-US':
      'Someone tried to register a new account with this address, which already has one. If it was you, sign in (the sign-in page can reset a forgotten password); if not, ignore this mail.',
  },
  mailCodeBody: {
    'zh-CN': '您的验证码是 {code}，{minutes} 分钟内有效。',
    'en-US': 'Your verification code is {code}. It is valid for {minutes} minutes.',
  },
  mailResetSubject: { 'zh-CN': '重置您的密码', 'en-US': 'Reset your password' },
  mailResetBody: {
    'zh-CN': '请在 {minutes} 分钟内打开以下链接重置密码（仅可使用一次）：\n{link}\n如非本人操作请忽略此邮件。',
    'en-US':
      'Open this link within {minutes} minutes to reset your password (it works once):\n{link}\nIf you did not ask for this, ignore this mail.',
  },
  registrationClosed: { 'zh-CN': '目前暂停注册新账号', 'en-US': 'Registration is closed at the moment' },
  invitationRequired: {
    'zh-CN': '目前仅接受凭邀请码注册',
    'en-US': 'Registration takes an invitation code at the moment',
  },
  avatarNotImage: {
    'zh-CN': '头像须为你本人上传的图片（不超过 500KB）',
    'en-US': 'The avatar must be an image you uploaded (500KB at most)',
  },
} satisfies Record<string, Record<Locale, string>>;
