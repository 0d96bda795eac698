import type { Generated } from 'kysely';

/** A merchant's team member (0120, modules/team). */
export interface TeamMembersTable {
  id: Generated<number>;
  /** The merchant the member works for. */
  user_id: number;
  /** The member's own account (kind 'member'). */
  member_id: number;
  email: string;
  /** JSON array of MemberPermission. */
  permissions: string;
  /** SHA-256 of the invitation link's token, until accepted. */
  invite_hash: string | null;
  invite_expires_at: number | null;
  invited_at: number;
  accepted_at: number | null;
}

/** The tables modules/team writes, by name (test/table-owners.test.ts). */
export interface TeamTables {
  team_members: TeamMembersTable;
}
