import { z } from 'zod';
import { KEY_MODES } from '../../api-keys.ts';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../constants.ts';
import { MEMBER_PERMISSIONS } from '../../team.ts';

// Messages are keys of FIELD_MESSAGES (contracts/messages.ts).
const required = () => z.string().trim().min(1, 'fieldRequired');

let isCommonPassword: (password: string) => boolean = () => false;
/**
 * Installs the check against the commonest passwords. The server installs its list
 * (apps/server/src/lib/common-passwords.ts) before it registers a route; the web app has no list
 * and leaves that check to the server.
 */
export function useCommonPasswordCheck(check: (password: string) => boolean): void {
  isCommonPassword = check;
}

/** A password being set (registration, change, reset): 8-16 characters (docs/api.md), and not a common one. */
export const newPassword = z
  .string()
  .min(PASSWORD_MIN, 'passwordLength')
  .max(PASSWORD_MAX, 'passwordLength')
  .refine((password) => !isCommonPassword(password), 'passwordTooCommon');
export const email = z.string().trim().toLowerCase().pipe(z.email('emailInvalid'));

const matchingPasswords = <T extends { password: string; confirmPassword: string }>(data: T) =>
  data.password === data.confirmPassword;
const mismatch = { message: 'passwordsMismatch', path: ['confirmPassword'] };

export const registerBody = z
  .object({
    email,
    phone: required(),
    code: required(),
    company: required(),
    firstName: required(),
    lastName: required(),
    nickName: z.string().trim().default(''),
    wechat: z.string().trim().default(''),
    invitationCode: z.string().trim().default(''),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(matchingPasswords, mismatch);
export type RegisterInput = z.infer<typeof registerBody>;
/** What a registration form sends (defaults not yet filled in). */
export type RegisterBody = z.input<typeof registerBody>;

export const sendCodeBody = z.object({ email });

/** The profile a user edits: the names and contacts registration asked for, and an avatar image. */
const upTo = (max: number) => z.string().trim().max(max, 'textTooLong');
export const updateProfileBody = z.object({
  firstName: required().max(60, 'textTooLong'),
  lastName: required().max(60, 'textTooLong'),
  nickName: upTo(60).default(''),
  company: required().max(120, 'textTooLong'),
  phone: required().max(40, 'textTooLong'),
  wechat: upTo(60).default(''),
  /** An image the user uploaded (`/app/attachment/upload/image`); null removes the avatar; absent keeps it. */
  avatarAttachmentId: z.number().int().positive().nullable().optional(),
});
export type UpdateProfileInput = z.output<typeof updateProfileBody>;

export const updatePasswordBody = z
  .object({ oldPassword: z.string().min(1, 'fieldRequired'), password: newPassword, confirmPassword: z.string() })
  .refine(matchingPasswords, mismatch);

export const forgotPasswordBody = z.object({ email });

export const resetPasswordBody = z
  .object({ token: z.string().min(1, 'fieldRequired'), password: newPassword, confirmPassword: z.string() })
  .refine(matchingPasswords, mismatch);

const money = z.string().describe('decimal string with two places, e.g. "12.30"');

export const walletView = z.object({
  currency: z.string(),
  balance: money,
  earnestBalance: money,
  depositBalance: money,
  refundAmount: money,
  creditLimit: money,
});
export type Wallet = z.output<typeof walletView>;

export const userInfoView = z.object({
  id: z.number(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  nickName: z.string(),
  realName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  phone: z.string(),
  wechat: z.string(),
  invitationCode: z.string().nullable(),
  avatar: z.string(),
  accountId: z.string(),
  certification: z.number(),
  memberType: z.number(),
  kind: z.string(),
  status: z.number(),
  registrationDate: z.string(),
  role: z.array(z.string()).describe('resource codes'),
  roles: z.array(z.number()).describe('role ids'),
  roleCodes: z.array(z.string()),
  resources: z.array(z.object({ code: z.string() })),
  balance: money.describe('available USD funds'),
  earnestBalance: money,
  depositBalance: money,
  refundAmount: money,
  creditLimit: money,
  wallets: z.array(walletView),
  exchangeRate: z.string().describe('CNY per USD, set in system configuration'),
  actingAs: z.object({ actorId: z.number(), actorUsername: z.string() }).nullable(),
  member: z
    .object({
      id: z.number(),
      username: z.string(),
      name: z.string(),
      permissions: z.array(z.enum(MEMBER_PERMISSIONS)),
    })
    .nullable()
    .describe(
      "signed in as a team member of this account (issue 30): without `money`, the wallets are left out and the balances are ''",
    ),
  mode: z
    .enum(KEY_MODES)
    .nullable()
    .describe(
      "the calling API key's mode; null when signed in. A test key's money is its test balance: one USD wallet at 0.00 (test labels cost nothing), never the live wallets",
    ),
});
export type UserInfo = z.output<typeof userInfoView>;
