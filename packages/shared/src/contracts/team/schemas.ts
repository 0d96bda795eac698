import { z } from 'zod';
import { MEMBER_PERMISSIONS } from '../../team.ts';
import { pageQuery } from '../common.ts';
import { email, newPassword } from '../users/schemas.ts';

/** The merchant's team (Settings → Members): the owner's alone, never a member's. */
export const TEAM_CALLS = { tags: ['team'], access: 'signedIn', scope: 'own', member: 'owner' } as const;

/**
 * Changes to the team: a signed-in person's (never a key's), and the holder's own, never staff acting as the
 * user: a member staff invited (or widened, with `keys`) would be a sign-in and API keys of their own in the
 * account, which they may not make (docs/api.md "API keys").
 */
export const TEAM_CHANGES = { ...TEAM_CALLS, signInOnly: true, notWhileActing: true } as const;

export const memberPermissions = z
  .array(z.enum(MEMBER_PERMISSIONS))
  .max(MEMBER_PERMISSIONS.length)
  .transform((list) => [...new Set(list)])
  .describe('buy (labels), void, topUp, money (see fund records), settings, keys (API keys)');

export const memberView = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string(),
  permissions: z.array(z.enum(MEMBER_PERMISSIONS)),
  status: z.enum(['invited', 'expired', 'active']).describe('invited: the link waits; expired: resend it'),
  invitedAt: z.string(),
  acceptedAt: z.string().nullable(),
});

export const inviteMemberBody = z.object({ email, permissions: memberPermissions });
export const updateMemberBody = z.object({ permissions: memberPermissions });

export const acceptInvitationBody = z
  .object({
    token: z.string().min(1, 'fieldRequired'),
    firstName: z.string().trim().min(1, 'fieldRequired').max(40),
    lastName: z.string().trim().max(40).default(''),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine((data) => data.password === data.confirmPassword, {
    message: 'passwordsMismatch',
    path: ['confirmPassword'],
  });

export const changeHistoryQuery = pageQuery;

export const changeView = z.object({
  id: z.number(),
  actorId: z.number().nullable(),
  actor: z.string().nullable().describe("who: the owner's, a member's or acting staff's sign-in name"),
  role: z.enum(['owner', 'member', 'staff']),
  method: z.string(),
  path: z.string().describe('what: the call that made the change'),
  statusCode: z.number(),
  before: z.unknown().describe('a settings change: what it found (null when not recorded)'),
  after: z.unknown().describe('... and what it left (null when not recorded)'),
  time: z.string(),
});
