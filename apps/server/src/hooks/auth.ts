import { type MemberRule, MODE_HEADER } from '@parcelport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MemoryCache } from '../cache/memory-cache.ts';
import type { AppContext } from '../context.ts';
import type { Auth } from '../core/caller.ts';
import { AppError, forbidden, unauthorized } from '../core/errors.ts';
import { isDocumentCall } from '../http/first-answers.ts';
import { ipAllowed } from '../http/key-ips.ts';
import { Identities, rotateSession, type SessionRow, touchApiKey } from '../modules/auth/index.ts';
import { limitKeyCall } from './key-rate-limit.ts';

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** Resolves the session of every API call, renews it when due, and enforces the route's access rule. */
export function installAuth(api: FastifyInstance, ctx: AppContext): void {
  // Sessions due for renewal, renewed once the call has been handled.
  const dueForRenewal = new WeakMap<FastifyRequest, SessionRow>();
  const identities = new Identities(ctx.db, ctx.dialect);
  // When this process last noted each API key's use from each address (touchApiKey writes at most once a
  // minute per key, and again when the address changes).
  const keysTouchedAt = new MemoryCache<number>(10_000);
  api.decorateRequest('auth', null);
  // A route states who may call it and whose objects it may touch, or it does not start.
  api.addHook('onRoute', (route) => {
    const { access, scope } = route.config ?? {};
    if (access !== 'public' && !scope) {
      throw new Error(`${route.method} ${route.url} declares no object scope (config.scope: own, ownCustomers or any)`);
    }
  });
  api.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    const token = bearerToken(request);
    const identity = token ? await identities.resolve(token) : null;
    if (identity) {
      const { session, user } = identity;
      request.auth = {
        userId: user.id,
        username: user.username,
        kind: user.kind,
        codes: user.codes,
        roles: user.roles,
        sessionId: session.id,
        actorId: session.actorId,
        viaApiKey: session.apiKey,
        readOnlyKey: session.readOnly,
        keyAreas: session.areas,
        member: identity.member,
        ...(session.mode ? { keyMode: session.mode } : {}),
      };
      // Every answer to a key's call names its mode, refusals included.
      if (session.mode) reply.header(MODE_HEADER, session.mode);
      // Every call with a key counts against its line's limit and says so, a refusal below included.
      if (session.apiKey) await limitKeyCall(ctx, reply, session.lineage);
      request.ordersVersion = identity.ordersVersion;
      request.catalogueVersion = identity.catalogueVersion;
      // A key called from outside its allow-list is refused whatever the route, before its use is noted.
      if (session.apiKey && session.ips && !ipAllowed(session.ips, request.ip)) {
        throw new AppError(403, 'apiKeyAddress', { reason: 'apiKeyAddress', ip: request.ip }, { ip: request.ip });
      }
      if (session.apiKey) await noteKeyUse(session.id, request.ip);
      else if (Date.now() - session.issuedAt >= ctx.config.sessionRenewAfterMs && !isDocumentCall(request))
        dueForRenewal.set(request, session);
    }
    if (access === 'public') return;
    if (!request.auth) throw unauthorized();
    if (request.auth.viaApiKey && request.routeOptions.config.signInOnly) throw new AppError(403, 'apiKeyNotAllowed');
    // A read-only key reads (GET, and the POSTs that change nothing: quotes, checks) and nothing else.
    if (request.auth.readOnlyKey && request.method !== 'GET' && !request.routeOptions.config.readOnly) {
      throw new AppError(403, 'apiKeyReadOnly');
    }
    const area = request.routeOptions.config.keyArea ?? 'account';
    if (request.auth.keyAreas && !request.auth.keyAreas.includes(area)) {
      throw new AppError(403, 'apiKeyArea', { reason: 'apiKeyArea', area }, { area });
    }
    // A test key has no money: the wallet, the ledger, recharges and carrier bill lines are live only.
    if (request.auth.keyMode === 'test' && area === 'funds') {
      throw new AppError(403, 'apiKeyTestMode', { reason: 'apiKeyTestMode' });
    }
    if (request.auth.member) refuseMember(request.auth.member, request.routeOptions.config.member ?? null);
    else if (request.auth.actorId !== null && request.routeOptions.config.notWhileActing) {
      throw new AppError(403, 'notWhileActing');
    }
    if (access && !access.codes.some((code) => request.auth?.codes.includes(code))) throw forbidden();
  });

  async function noteKeyUse(sessionId: number, ip: string): Promise<void> {
    const now = Date.now();
    const noted = `${sessionId} ${ip}`;
    if (now - (keysTouchedAt.get(noted) ?? 0) < 60_000) return;
    keysTouchedAt.set(noted, now);
    await touchApiKey(ctx.db, sessionId, ip, now);
  }
  // After the handler, so that a call which ended the session (logout, password reset, disabling) does
  // not hand out a fresh token for it.
  api.addHook('onSend', async (request, reply, payload) => {
    const session = dueForRenewal.get(request);
    if (session) {
      const renewed = await rotateSession(ctx.db, ctx.config, session);
      if (renewed) reply.header('token', renewed);
    }
    return payload;
  });
}

/**
 * A team member calls what the route's rule allows: nothing of the owner's alone, and a permission's calls
 * only with it. A member is never "acting as": the calls only the person may make are the owner's rule.
 */
function refuseMember(member: NonNullable<Auth['member']>, rule: MemberRule): void {
  if (rule === 'owner') throw new AppError(403, 'memberOwnerOnly', { reason: 'memberOwnerOnly' });
  if (rule !== null && !member.permissions.includes(rule)) {
    throw new AppError(403, 'memberNotAllowed', { reason: 'memberPermission', permission: rule }, { permission: rule });
  }
}
