import { describe, expect, test } from 'vitest';
import { BUILT_IN_ROLES, canAccess, hasAnyCode, RESOURCE_CATALOGUE } from '../src/access.ts';
import { menuFor } from '../src/menu.ts';

describe('route access (docs/spec.md §5)', () => {
  test('passes for routes without auth, without roles or with the wildcard', () => {
    expect(canAccess({ requiresAuth: false, roles: ['menuSystem'] }, [])).toBe(true);
    expect(canAccess({ requiresAuth: true }, [])).toBe(true);
    expect(canAccess({ requiresAuth: true, roles: [] }, [])).toBe(true);
    expect(canAccess({ requiresAuth: true, roles: ['*'] }, [])).toBe(true);
  });

  test('needs one of the listed codes, compared exactly', () => {
    expect(canAccess({ requiresAuth: true, roles: ['adminList'] }, ['adminList'])).toBe(true);
    expect(canAccess({ requiresAuth: true, roles: ['adminList', 'staffList'] }, ['staffList'])).toBe(true);
    expect(canAccess({ requiresAuth: true, roles: ['adminList'] }, ['adminListX', 'admin'])).toBe(false);
  });

  test('element permission hides unless a code is held, and insists on a list', () => {
    expect(hasAnyCode(['templateAdd'], ['templateAdd'])).toBe(true);
    expect(hasAnyCode(['templateAdd'], ['rechargePage'])).toBe(false);
    expect(() => hasAnyCode('templateAdd' as unknown as string[], ['templateAdd'])).toThrow(TypeError);
  });
});

describe('built-in roles', () => {
  test('grant only catalogued codes; the placeholder xxx belongs to nobody', () => {
    const known = new Set(RESOURCE_CATALOGUE.map((r) => r.code));
    for (const role of BUILT_IN_ROLES) {
      for (const code of role.codes) expect(known.has(code)).toBe(true);
      expect(role.codes).not.toContain('xxx');
    }
    expect(BUILT_IN_ROLES.map((r) => r.code).sort()).toEqual(
      ['administrator', 'customer', 'customerService', 'finance', 'overseasWarehouse', 'proxy', 'seller'].sort(),
    );
  });

  test('the customer sees no admin area in the menu; the administrator does', () => {
    const codesOf = (code: string) => BUILT_IN_ROLES.find((r) => r.code === code)?.codes ?? [];
    const customerMenu = menuFor(codesOf('customer')).map((route) => route.name);
    const adminMenu = menuFor(codesOf('administrator')).map((route) => route.name);
    expect(customerMenu).not.toContain('adminSettings');
    expect(adminMenu).toContain('adminSettings');
    expect(customerMenu).toContain('dashboard');
  });

  test('menus come sorted by order', () => {
    const orders = menuFor(['menuSystem', 'adminList']).map((route) => route.order ?? 0);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
  });
});
