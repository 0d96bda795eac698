import {
  canAccess,
  fullPath,
  type MemberPermission,
  memberMayOpen,
  ROUTE_TABLE,
  type RouteMeta,
} from '@parcelport/shared';
import { loginPathFor } from '../utils/navigation';

/** What a route declares for the guard (a subset of the shared RouteMeta). */
export interface AccessMeta {
  name: string;
  requiresAuth?: boolean;
  roles?: readonly string[];
  /** What a team member needs to open it (RouteMeta.member). */
  member?: RouteMeta['member'];
}

/** A team member's permissions (issue 30); null for the account's owner and for staff. */
export type Member = readonly MemberPermission[] | null;

/**
 * Route names that skip the login check (docs/spec.md §2), plus this app's own public pages: the password reset
 * link target and the two redirecting entries.
 */
export const PUBLIC_ROUTE_NAMES: ReadonlySet<string> = new Set([
  'helpCenter',
  'wordView',
  'privacyPolicy',
  'termsOfUse',
  'contactUs',
  'authAccepted',
  'config',
  'home',
  'authSuccess',
  'authDeclined',
  'registerForm',
  'login',
  'notFound',
  'resetPassword',
  'acceptInvitation',
  'root',
  'register',
  'returnPage',
]);

export const NOT_FOUND_PATH = '/not-found';

/** The screens of the route table in menu order, each with its full path and the chain of metas. */
export function screensOf(
  routes: readonly RouteMeta[] = ROUTE_TABLE,
  parentPath = '',
  parents: RouteMeta[] = [],
): { name: string; path: string; chain: RouteMeta[] }[] {
  const sorted = [...routes].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return sorted.flatMap((route) => {
    if (route.href) return [];
    const path = parentPath ? fullPath(parentPath, route.path) : route.path;
    const chain = [...parents, route];
    if (route.children && route.children.length > 0) return screensOf(route.children, path, chain);
    return [{ name: route.name, path, chain }];
  });
}

export function canAccessChain(chain: readonly AccessMeta[], codes: readonly string[], member: Member = null): boolean {
  return chain.every((meta) => canAccess(meta, codes) && memberMayOpen(meta, member));
}

/** The first screen (menu order) the user may open, skipping hidden ones; null when there is none. */
export function firstPermittedPath(
  codes: readonly string[],
  routes: readonly RouteMeta[] = ROUTE_TABLE,
  member: Member = null,
) {
  const screen = screensOf(routes).find(
    (item) => !item.chain.some((meta) => meta.hideInMenu) && canAccessChain(item.chain, codes, member),
  );
  return screen?.path ?? null;
}

export type GuardDecision = { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'loadUser' };

export interface GuardInput {
  /** The route being opened: its name, the metas from the top group down, and its path with query. */
  target: { name: string; chain: readonly AccessMeta[]; fullPath: string };
  token: string | null;
  /** The user's resource codes, or null while user info is not loaded. */
  codes: readonly string[] | null;
  /** The user's member permissions, when signed in as a team member. */
  member?: Member;
  routes?: readonly RouteMeta[];
}

/**
 * docs/spec.md §2/§5/§6: public names pass; without a token → /login with the original route as `redirect`;
 * with a token but no user info → load it first; then the access rule, and a route the user may not see
 * goes to the first permitted route or to not-found.
 */
export function decide({ target, token, codes, member = null, routes = ROUTE_TABLE }: GuardInput): GuardDecision {
  if (PUBLIC_ROUTE_NAMES.has(target.name)) return { type: 'allow' };
  if (!token) return { type: 'redirect', to: loginPathFor(target.fullPath) };
  if (codes === null) return { type: 'loadUser' };
  if (canAccessChain(target.chain, codes, member)) return { type: 'allow' };
  return { type: 'redirect', to: firstPermittedPath(codes, routes, member) ?? NOT_FOUND_PATH };
}
