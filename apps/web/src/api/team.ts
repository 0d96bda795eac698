/**
 * A merchant's team (issue 30): Settings → Members, the change history, and the invitation's acceptance.
 * The shapes are the contracts'.
 */
export { MEMBER_PERMISSIONS, type MemberPermission } from '@parcelport/shared';

export const TEAM_KEY = 'teamMembers';
export const HISTORY_KEY = 'changeHistory';
