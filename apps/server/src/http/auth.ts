import type { KeyArea, MemberRule, ResourceCode } from '@parcelport/shared';
import type { FastifyRequest } from 'fastify';
import type { Auth } from '../core/caller.ts';
import { unauthorized } from '../core/errors.ts';
import type { ObjectScope } from '../core/scope.ts';

/**
 * A route's access rule, declared in its `config`: `'public'` for no sign-in, `{ codes }` to need one of
 * the resource codes, and nothing for "any signed-in user". Secure by default.
 */
export type Access = 'public' | { codes: readonly ResourceCode[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Whose objects the route may touch (http/scope.ts); required on every route that is not public. */
    scope?: ObjectScope;
    /** Refused to API keys: calls that need a signed-in person (passwords, keys, sign-out, acting as). */
    signInOnly?: boolean;
    /** Refused while staff act as the user: calls only the account's own person may make (password, keys). */
    notWhileActing?: boolean;
    /** A POST that changes nothing: left out of the user log (http/audit.ts). */
    readOnly?: boolean;
    /** The area an API key limited to areas must hold (contracts/key-areas.ts); `account` when unset. */
    keyArea?: KeyArea;
    /** What a team member needs to call it (contracts/member-rules.ts); anyone of the team when null. */
    member?: MemberRule;
  }
  interface FastifyRequest {
    auth: Auth | null;
    /** The user a changing call acted on, for the user log; defaults to the caller. */
    logSubjectId?: number;
    /** What a settings change found and left, for the user log (the merchant's change history). */
    logChange?: { before: unknown; after: unknown };
    /** The change version of the caller's orders, read as the call began (db/versions.ts). */
    ordersVersion?: number;
    /** The change version of what quotes are made of, read as the call began. */
    catalogueVersion?: number;
  }
}

/** The caller of a route that requires sign-in (the onRequest hook guarantees it is there). */
export function authOf(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
