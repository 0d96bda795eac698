import { ACCOUNT_STATUS, type MemberPermission } from '@parcelport/shared';
import { MemoryCache } from '../../cache/memory-cache.ts';
import type { Db, DialectName } from '../../db/index.ts';
import { GroupedVersionReads, readVersions, versionScope } from '../../db/versions.ts';
import { activeMembership } from '../team/index.ts';
import { isMemberAccount, loadAuthUser } from '../users/index.ts';
import { findLiveSession, type SessionRow } from './sessions.ts';

type AuthUser = NonNullable<Awaited<ReturnType<typeof loadAuthUser>>>;

/** A signed-in caller: the session of the token, its (active) user, and the version of the user's orders. */
export interface Identity {
  session: SessionRow;
  user: AuthUser;
  /** The `orders:<user>` change version read with the identity (db/versions.ts), for answers kept per version. */
  ordersVersion: number;
  /** The `catalogue` change version read with it, for quote reads kept per version. */
  catalogueVersion: number;
  /** The session is a team member's (its actor), with the member's permissions (issue 30). */
  member: { permissions: MemberPermission[] } | null;
}

interface Known {
  session: SessionRow;
  user: AuthUser;
  member: Identity['member'];
  userVersion: number;
  accessVersion: number;
}

/** Sessions remembered per process; past this many the least recently used are forgotten. */
const MAX_KNOWN = 10_000;

/**
 * Resolves bearer tokens on every signed-in call. The session and user (with its roles' resource codes)
 * are remembered per token and used again as long as the change versions of the user (account, sessions,
 * roles) and of what roles grant are the ones they were read under: a call then costs one small query
 * instead of two joins, and a logout, a disabled account or a changed role shows at once, from whichever
 * instance it was made.
 */
export class Identities {
  readonly #db: Db;
  readonly #known = new MemoryCache<Known>(MAX_KNOWN);
  readonly #versionReads: GroupedVersionReads;

  constructor(db: Db, dialect: DialectName) {
    this.#db = db;
    this.#versionReads = new GroupedVersionReads((scopes) => readVersions(db, dialect, scopes), {
      gatherForATurn: dialect === 'sqlite',
    });
  }

  async resolve(token: string): Promise<Identity | null> {
    // Remembered by the token itself, which the caller sends on every call anyway: hashing it (as the
    // sessions table keys it) is left to the reads below, once per token rather than once per call.
    const known = this.#known.get(token);
    if (known && known.session.expiresAt > Date.now()) {
      const versions = await this.#versions(known.session.userId);
      if (versions.user === known.userVersion && versions.access === known.accessVersion) {
        return {
          session: known.session,
          user: known.user,
          ordersVersion: versions.orders,
          catalogueVersion: versions.catalogue,
          member: known.member,
        };
      }
    }
    this.#known.delete(token);
    return this.#load(token);
  }

  async #load(token: string): Promise<Identity | null> {
    const first = await findLiveSession(this.#db, token);
    if (!first) return null;
    const versions = await this.#versions(first.userId);
    // Read again after the versions: a logout committed between the first read and the versions would
    // otherwise be remembered under versions that already include it.
    const session = await findLiveSession(this.#db, token);
    const user = session && (await loadAuthUser(this.#db, session.userId));
    if (!session || !user || user.status !== ACCOUNT_STATUS.active) return null;
    // A member's session names the member as actor; the membership (counted under the merchant's version)
    // gives its permissions. A member account's session without one (removed meanwhile) is no session.
    const membership =
      session.actorId === null ? undefined : await activeMembership(this.#db, user.id, session.actorId);
    if (!membership && session.actorId !== null && (await isMemberAccount(this.#db, session.actorId))) return null;
    const member = membership ? { permissions: membership.permissions } : null;
    this.#known.set(token, { session, user, member, userVersion: versions.user, accessVersion: versions.access });
    return { session, user, member, ordersVersion: versions.orders, catalogueVersion: versions.catalogue };
  }

  async #versions(userId: number) {
    const [user = 0, access = 0, orders = 0, catalogue = 0] = await this.#versionReads.read([
      versionScope.user(userId),
      versionScope.access,
      versionScope.orders(userId),
      versionScope.catalogue,
    ]);
    return { user, access, orders, catalogue };
  }
}
