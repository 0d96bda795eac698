import type { KeyArea, KeyMode, MemberPermission } from '@parcelport/shared';
import type { MessageKey } from '../i18n/messages.ts';
import { invalidFields } from './errors.ts';

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

/**
 * Whether something of the given mode is the caller's to see: a test API key's are the test ones, a live
 * key's the live ones (others are answered as not found, like another owner's); a signed-in session has no
 * mode and reaches both.
 */
export const inModeOf = (auth: Pick<Auth, 'keyMode'>, isTest: boolean) =>
  auth.keyMode === undefined || isTest === (auth.keyMode === 'test');

/**
 * The mode a list shows (issue 31): the one asked; unasked, a signed-in session's live ones (test ones only
 * when asked, never both mixed), an API key's those of its own mode (which its mode filter already keeps).
 */
export const listedModeOf = (auth: Pick<Auth, 'keyMode'>, asked: KeyMode | undefined): KeyMode | undefined =>
  asked ?? (auth.keyMode === undefined ? 'live' : undefined);

/**
 * Whether what the caller makes is a test one: always with a test key, as asked in a session, and never with
 * a live key (400 on `field` with `message` when asked: its lists would not even show it).
 */
export function testModeOf(auth: Pick<Auth, 'keyMode'>, asked: boolean, field: string, message: MessageKey): boolean {
  if (auth.keyMode === 'test') return true;
  if (auth.keyMode === 'live' && asked) throw invalidFields({ [field]: message });
  return asked;
}
