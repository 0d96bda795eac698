import { z } from 'zod';
import { ACCOUNT_STATUS } from '../../constants.ts';
import { pageQuery, queryId, wholeNumber } from '../common.ts';
import { walletView } from '../users/schemas.ts';

/**
 * The two account families (docs/api.md): `/admin/…` manages customers (resource code adminList),
 * `/staff/…` employees (staffList). Each operation has one contract per family.
 */
export type UserFamily = 'admin' | 'staff';
export const FAMILIES = {
  admin: { tags: ['users'], listCode: 'adminList', family: 'customer' },
  staff: { tags: ['staff'], listCode: 'staffList', family: 'staff' },
} as const;

const statusValues = Object.values(ACCOUNT_STATUS) as number[];

export const managedUserView = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  company: z.string(),
  phone: z.string(),
  status: z.number(),
  kind: z.string(),
  ownerId: z.number().nullable(),
  /** The seller's or proxy's account name, beside `ownerId`. */
  ownerUsername: z.string().nullable(),
  invitationCode: z.string().nullable(),
  memberType: z.number(),
  certification: z.number(),
  registrationDate: z.string(),
  balance: z.string(),
  roles: z.array(z.object({ id: z.number(), code: z.string() })),
});
export type ManagedUser = z.output<typeof managedUserView>;

export const managedUserWithWallets = managedUserView.omit({ balance: true }).extend({
  firstName: z.string(),
  lastName: z.string(),
  nickName: z.string(),
  wechat: z.string(),
  accountId: z.string(),
  wallets: z.array(walletView),
});
export type ManagedUserDetail = z.output<typeof managedUserWithWallets>;

export const userListQuery = pageQuery.extend({
  keyword: z.string().optional(),
  status: wholeNumber(z.number().refine((s) => statusValues.includes(s))).optional(),
  /** The accounts registered under this seller or proxy. */
  ownerId: queryId().optional(),
});

export const userStatusBody = z.object({
  // A number in JSON or digits in a form field; not coerced, so an empty field or null is no 0.
  status: z
    .union([z.number(), z.string().regex(/^\d+$/).transform(Number)])
    .refine((s) => statusValues.includes(s), 'must be 0, 1 or 2'),
});

export const userRolesBody = z.object({
  userId: z.number().int().positive(),
  roleIds: z.array(z.number().int().positive()),
});

export const sellerBody = z.object({
  id: z.number().int().positive(),
  invitationCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,32}$/, 'invalidInput')
    .optional(),
});
