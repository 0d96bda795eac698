import type { KeyArea, KeyMode, MemberPermission } from '@parcelport/shared';

/** Who is calling: the user whose data the call acts on, and the staff member acting as them, if any. */
export interface Auth {
  userId: number;
  username: string;
  kind: string;
  /** Resource codes of all the user's roles. */
  codes: string[];
  /** Role codes (customer, administrator, seller, …). */
  roles: string[];
  sessionId: number;
  actorId: number | null;
  /** The call came with an API key rather than a sign-in token. */
  viaApiKey?: boolean;
  /** ... and the key may only read. */
  readOnlyKey?: boolean;
  /** ... and the areas it may call (null: all). */
  keyAreas?: KeyArea[] | null;
  /** ... and its mode: a test key sees and makes test orders only, a live key live ones (core/scope.ts). */
  keyMode?: KeyMode;
  /** A team member of the account (issue 30): `actorId` is the member, acting with these permissions. */
  member?: { permissions: MemberPermission[] } | null;
}

/**
 * Whether the caller may see the account's money (balances, spend, the ledger's rows): everyone but a team
 * member without the `money` permission (issue 30). Prices of what the desk buys (rates) stay visible.
 */
export function seesMoney(auth: Pick<Auth, 'member'>): boolean {
  return !auth.member || auth.member.permissions.includes('money');
}
