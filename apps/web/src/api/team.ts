import type { MemberPermission } from '@parcelport/shared';
import * as contracts from '@parcelport/shared/contracts/team/index';
import { call } from './call';

/**
 * A merchant's team (issue 30): Settings → Members, the change history, and the invitation's acceptance.
 * The shapes are the contracts'.
 */
export { MEMBER_PERMISSIONS, type MemberPermission } from '@parcelport/shared';

export const TEAM_KEY = 'teamMembers';
export const HISTORY_KEY = 'changeHistory';

export const listMembers = () => call(contracts.listMembers, {});

export const inviteMember = (email: string, permissions: MemberPermission[]) =>
  call(contracts.inviteMember, { body: { email, permissions } });

export const updateMember = (id: number, permissions: MemberPermission[]) =>
  call(contracts.updateMember, { params: { id }, body: { permissions } });

export const removeMember = (id: number) => call(contracts.removeMember, { params: { id } });

export const resendInvitation = (id: number) => call(contracts.resendInvitation, { params: { id } });

export const acceptInvitation = (body: {
  token: string;
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}) => call(contracts.acceptInvitation, { body });

export const listChangeHistory = (page: number, pageSize: number) =>
  call(contracts.listChangeHistory, { query: { page, pageSize } });
