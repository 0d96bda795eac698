import { ANY_SIGNED_IN, ROUTE_TABLE, type RouteMeta } from '@parcelport/shared';
import { describe, expect, it } from 'vitest';
import { decide, firstPermittedPath, NOT_FOUND_PATH, PUBLIC_ROUTE_NAMES, screensOf } from './guard';

const table = ROUTE_TABLE;
const screen = (name: string) => {
  const found = screensOf(table).find((item) => item.name === name);
  if (!found) throw new Error(`no screen ${name}`);
  return { name: found.name, chain: found.chain, fullPath: found.path };
};

const ADMIN = ['menuSystem', 'adminList', 'staffList', 'adminRoleList'];
const CUSTOMER = ['rechargePage', 'appSysMessageList'];

describe('guard decisions (docs/spec.md §2, §5, §6)', () => {
  it('lets every public route name through without a token', () => {
    for (const name of ['login', 'registerForm', 'config', 'notFound', 'resetPassword', 'home', 'helpCenter']) {
      expect(PUBLIC_ROUTE_NAMES.has(name)).toBe(true);
      expect(decide({ target: { name, chain: [], fullPath: `/${name}` }, token: null, codes: null })).toEqual({
        type: 'allow',
      });
    }
  });

  it('sends an unauthenticated visit to /login with the original route as redirect', () => {
    const target = { ...screen('userManagement'), fullPath: '/adminSettings/userManagement?keyword=a%26b' };
    const decision = decide({ target, token: null, codes: null });
    expect(decision.type).toBe('redirect');
    const to = decision.type === 'redirect' ? decision.to : '';
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/adminSettings/userManagement?keyword=a%26b');
  });

  it('loads user info first when there is a token but no codes yet', () => {
    expect(decide({ target: screen('Workplace'), token: 't', codes: null })).toEqual({ type: 'loadUser' });
  });

  it('allows a route the codes grant, on every level of the chain', () => {
    expect(decide({ target: screen('userManagement'), token: 't', codes: ADMIN })).toEqual({ type: 'allow' });
    expect(decide({ target: screen('Workplace'), token: 't', codes: CUSTOMER })).toEqual({ type: 'allow' });
  });

  it('sends a signed-in user without permission to the first permitted route', () => {
    expect(decide({ target: screen('userManagement'), token: 't', codes: CUSTOMER })).toEqual({
      type: 'redirect',
      to: '/dashboard/workplace',
    });
    // adminList alone is not enough: the group needs menuSystem too.
    expect(decide({ target: screen('userManagement'), token: 't', codes: ['adminList'] }).type).toBe('redirect');
  });

  it('compares codes exactly, never by substring', () => {
    const codes = ['menuSystem', 'adminListX', 'xadminList'];
    expect(decide({ target: screen('userManagement'), token: 't', codes }).type).toBe('redirect');
  });

  it('goes to not-found when no route is permitted', () => {
    const adminOnly: RouteMeta[] = [
      {
        name: 'adminSettings',
        path: '/adminSettings',
        locale: 'menu.adminSettings',
        requiresAuth: true,
        roles: ['menuSystem'],
        children: [
          { name: 'userManagement', path: 'userManagement', locale: 'x', requiresAuth: true, roles: ['adminList'] },
        ],
      },
    ];
    const target = { name: 'userManagement', chain: adminOnly[0] ? [adminOnly[0]] : [], fullPath: '/adminSettings' };
    expect(decide({ target, token: 't', codes: CUSTOMER, routes: adminOnly })).toEqual({
      type: 'redirect',
      to: NOT_FOUND_PATH,
    });
  });
});

describe('firstPermittedPath', () => {
  it('follows menu order, skips hidden routes and external links', () => {
    const routes: RouteMeta[] = [
      { name: 'late', path: '/late', locale: 'x', requiresAuth: true, roles: [ANY_SIGNED_IN], order: 5 },
      { name: 'ext', path: '/ext', locale: 'x', requiresAuth: true, order: 0, href: 'https://example.com' },
      { name: 'hidden', path: '/hidden', locale: 'x', requiresAuth: true, order: 1, hideInMenu: true },
      { name: 'admin', path: '/admin', locale: 'x', requiresAuth: true, roles: ['menuSystem'], order: 2 },
    ];
    expect(firstPermittedPath(CUSTOMER, routes)).toBe('/late');
    expect(firstPermittedPath(['menuSystem'], routes)).toBe('/admin');
  });

  it('lands everyone on the workplace with the shared table', () => {
    expect(firstPermittedPath([], table)).toBe('/dashboard/workplace');
  });
});
