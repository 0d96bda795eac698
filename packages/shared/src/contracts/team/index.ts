/** Settings → Members and Change history: a merchant's team (issue 30). */
export * from './accept-invitation.ts';
export * from './change-history.ts';
export * from './invite-member.ts';
export * from './list-members.ts';
export * from './remove-member.ts';
export * from './resend-invitation.ts';
export * from './schemas.ts';
export * from './update-member.ts';
