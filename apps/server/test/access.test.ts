import { ADMIN_CODES, BUILT_IN_ROLES, CUSTOMER_CODES } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  ADMIN,
  buyLabel,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  fundWallet,
  type Json,
  loginToken,
  roleIds,
  startApp,
  type TestApp,
} from './helpers.ts';

interface SeenRoute {
  method: string;
  url: string;
  access: 'public' | { codes: readonly string[] } | undefined;
}

// Every route the app registers, with its declared access rule, seen through an onRoute hook on the real
// Fastify instance: a route added later is checked here without anyone listing it.
const seen = vi.hoisted(() => [] as SeenRoute[]);
vi.mock('fastify', async (importOriginal) => {
  const mod = await importOriginal<typeof import('fastify')>();
  const create = ((options: Parameters<typeof mod.default>[0]) => {
    const app = mod.default(options);
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        seen.push({ method, url: route.url ?? route.path, access: route.config?.access });
      }
    });
    return app;
  }) as typeof mod.default;
  return { ...mod, default: create };
});

/** The OpenAPI document and the browsable reference are public by design; they are not under the auth hook. */
const isDocs = (url: string) => url === '/api/openapi.json' || url === '/api/docs' || url.startsWith('/api/docs/');
const apiRoutes = () => seen.filter((route) => route.url.startsWith('/api/') && !isDocs(route.url));
/** A path parameter's sample: an id, or a value the parameter takes (a public page's name, an article's slug). */
const SAMPLE_PARAMS: Record<string, string> = { page: 'privacyPolicy', slug: 'use-the-api' };
/** A concrete address for a route pattern (parameters, with or without a regex, become their samples). */
const concrete = (url: string) =>
  url.replace(/:(\w+)(\([^)]*\))?\??/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1').replace(/\*$/, 'x');
const label = (route: SeenRoute) => `${route.method} ${route.url}`;

/** The link id of a pay-on-use return bought for a new label of the customer (docs/api.md, "Returns"). */
async function returnLinkOf(userId: number, token: string): Promise<string> {
  await fundWallet(t.app, adminToken, userId, '20');
  const { orderId: outboundId } = await buyLabel(t.app, token);
  const post = (url: string, payload?: Json) => call(t.app, token, { method: 'POST', url, payload });
  const id = (await post('/api/app/returns', { outboundId })).json().data.orderId;
  const line = (await post(`/api/app/returns/${id}/rates`)).json().data.find((l: Json) => l.available && l.payOnUse);
  const bought = await post(`/api/app/returns/${id}/buy`, { serviceId: line.serviceId, payOnUse: true });
  return (bought.json().data.link as string).slice('/r/'.length);
}

let t: TestApp;
let adminToken: string;
let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
let customerCodes: string[];

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, adminToken);
  const info = await call(t.app, customer.token, { method: 'GET', url: '/api/user/info' });
  customerCodes = info.json().data.resources.map((resource: { code: string }) => resource.code);
  // A public tracking page exists only for a bought label: a test label's (issue 28).
  const { orderId } = await buyLabel(t.app, customer.token, true);
  const trackingPage = await t.ctx.db
    .selectFrom('tracking_pages')
    .select('public_id')
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  SAMPLE_PARAMS.publicId = trackingPage.public_id;
});
afterAll(async () => t.close());

describe('route access', () => {
  test('the routes were seen, with their access rules', () => {
    const labels = apiRoutes().map(label);
    for (const expected of [
      'POST /api/admin/login',
      'GET /api/user/info',
      'GET /api/admin/list',
      'GET /api/staff/list',
      'POST /api/admin/updateStatus/:id',
      'POST /api/admin/token/build/:id',
      'POST /api/staff/token/build/:id',
      'POST /api/admin/role/update',
      'GET /api/role/list',
    ]) {
      expect(labels).toContain(expected);
    }
  });

  test('every /api/admin and /api/staff route but sign-in and sign-out needs an admin-area code', () => {
    const open = ['POST /api/admin/login', 'POST /api/admin/logout', 'GET /api/admin/publicKey'];
    const adminArea = apiRoutes().filter(
      (route) => /^\/api\/(admin|staff)\//.test(route.url) && !open.includes(label(route)),
    );
    expect(adminArea.length).toBeGreaterThanOrEqual(8);
    const customerRole = BUILT_IN_ROLES.find((role) => role.code === 'customer')!.codes as string[];
    const loose = adminArea.filter(
      (route) =>
        typeof route.access !== 'object' ||
        route.access.codes.length === 0 ||
        route.access.codes.some((code) => customerRole.includes(code)),
    );
    expect(loose.map(label)).toEqual([]);
  });

  test("a customer's token gets the 403 envelope on every route needing a code it lacks", async () => {
    const guarded = apiRoutes().filter(
      (route) => typeof route.access === 'object' && !route.access.codes.some((code) => customerCodes.includes(code)),
    );
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    const wrong: string[] = [];
    for (const route of guarded) {
      const res = await call(t.app, customer.token, {
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      const body = res.json();
      if (res.statusCode !== 403 || body.code !== 403 || body.message !== 'You do not have permission to do this') {
        wrong.push(`${label(route)} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  test('a refused call changes nothing: a customer cannot disable another customer or build a token for one', async () => {
    const other = await createActiveCustomer(t, adminToken);
    const disable = await call(t.app, customer.token, {
      method: 'POST',
      url: `/api/admin/updateStatus/${other.id}`,
      payload: { status: 2 },
    });
    expectEnvelope(disable, 403);
    expectEnvelope(await call(t.app, other.token, { method: 'GET', url: '/api/user/info' }), 200);
    const built = await call(t.app, customer.token, { method: 'POST', url: `/api/admin/token/build/${other.id}` });
    expect(expectEnvelope(built, 403).data).toBeNull();
  });

  test('without a token every non-public API route gets the 401 envelope', async () => {
    const guarded = apiRoutes().filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    const wrong: string[] = [];
    for (const route of guarded) {
      for (const token of [null, 'forged-token']) {
        const res = await call(t.app, token, {
          method: route.method as 'GET',
          url: concrete(route.url),
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const body = res.json();
        if (res.statusCode !== 401 || body.code !== 401 || body.data !== null) {
          wrong.push(`${label(route)} (${token ?? 'no token'}) → ${res.statusCode}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  test('public routes answer without a token', async () => {
    // The public return page answers for a return that exists: its link is sampled from a real one.
    SAMPLE_PARAMS.link = await returnLinkOf(customer.id, customer.token);
    const open = apiRoutes().filter((route) => route.access === 'public');
    expect(open.map(label)).toEqual(
      expect.arrayContaining([
        'POST /api/admin/login',
        'GET /api/admin/publicKey',
        'GET /api/health',
        'POST /api/user/register',
        'POST /api/user/code/send',
      ]),
    );
    for (const route of open) {
      const res = await call(t.app, null, {
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' ? {} : { payload: {} }),
      });
      // A GET answers; a POST with an empty body is checked (400), never refused for want of a session.
      expect([401, 403], label(route)).not.toContain(res.statusCode);
      // Shopify's install callback answers with a redirect: without a signed state, to the declined page.
      if (route.url === '/api/app/stores/shopify/callback') {
        expect(res.statusCode, label(route)).toBe(302);
        expect(res.headers.location).toBe('/authDeclined?reason=signature');
      } else if (route.url === '/api/public/returns/:link/qr') {
        // The sampled return is the demo channel's, which has no carrier QR code: not found, never refused.
        expect(res.statusCode, label(route)).toBe(404);
      } else if (route.method === 'GET') expect(res.statusCode, label(route)).toBe(200);
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/openapi.json' })).statusCode).toBe(200);
  });
});

describe('roles', () => {
  test('GET /api/role/list lists the seven built-in roles with their resource codes', async () => {
    const res = await call(t.app, adminToken, { method: 'GET', url: '/api/role/list' });
    const roles = expectEnvelope(res, 200).data as Json[];
    const byCode = Object.fromEntries(roles.map((role) => [role.code, role]));
    expect(Object.keys(byCode).sort()).toEqual(
      ['administrator', 'customer', 'customerService', 'finance', 'overseasWarehouse', 'proxy', 'seller'].sort(),
    );
    for (const role of roles) {
      expect(role).toMatchObject({ id: expect.any(Number), builtIn: true, name: expect.any(String) });
      expect(Array.isArray(role.resources)).toBe(true);
    }
    const known = new Set<string>([...CUSTOMER_CODES, ...ADMIN_CODES]);
    expect(roles.flatMap((role) => role.resources).every((code: string) => known.has(code))).toBe(true);
    // The administrator holds every admin-area key of docs/spec.md §6, the customer none of them.
    expect(byCode.administrator.resources).toEqual(expect.arrayContaining([...ADMIN_CODES]));
    expect(byCode.administrator.resources).not.toContain('xxx');
    expect(byCode.customer.resources).toEqual(
      expect.arrayContaining(['rechargePage', 'appRechargeList', 'appBalanceList', 'appPostageList', 'templateAdd']),
    );
    expect(
      byCode.customer.resources.filter((code: string) =>
        ['menuSystem', 'adminList', 'staffList', 'configList'].includes(code),
      ),
    ).toEqual([]);
    expect(byCode.seller.resources).toEqual(expect.arrayContaining(['menuSystem', 'adminList']));
    expect(byCode.proxy.resources).toContain('proxyUser');
    expect(byCode.finance.resources).toEqual(expect.arrayContaining(['adminRechargeList', 'adminBalanceList']));
    expect(byCode.customerService.resources).toContain('adminQuestionList');
  });

  test("POST /api/admin/role/update changes the user's codes as /api/user/info shows them", async () => {
    const ids = await roleIds(t, adminToken);
    const target = await createActiveCustomer(t, adminToken);
    const update = (roles: string[]) =>
      call(t.app, adminToken, {
        method: 'POST',
        url: '/api/admin/role/update',
        payload: { userId: target.id, roleIds: roles.map((code) => ids[code]) },
      });
    const infoAfterLogin = async () => {
      const token = await loginToken(t.app, target.email, target.password);
      return expectEnvelope(await call(t.app, token, { method: 'GET', url: '/api/user/info' }), 200).data;
    };

    expectEnvelope(await update(['customer', 'proxy']), 200);
    let info = await infoAfterLogin();
    expect(info.roleCodes.sort()).toEqual(['customer', 'proxy']);
    expect(info.roles.sort()).toEqual([ids.customer, ids.proxy].sort());
    expect(info.resources.map((r: { code: string }) => r.code)).toEqual(
      expect.arrayContaining(['proxyUser', 'menuSystem']),
    );

    expectEnvelope(await update(['customer']), 200);
    info = await infoAfterLogin();
    expect(info.roleCodes).toEqual(['customer']);
    expect(info.resources.map((r: { code: string }) => r.code)).not.toContain('proxyUser');
  });

  test('an unknown role id is refused with 400 naming roleIds, and the roles stay', async () => {
    const ids = await roleIds(t, adminToken);
    const target = await createActiveCustomer(t, adminToken);
    const res = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/role/update',
      payload: { userId: target.id, roleIds: [ids.customer, 999_999] },
    });
    expect(expectFieldError(res, 'roleIds')).toBe('Role not found');
    const info = await call(t.app, target.token, { method: 'GET', url: '/api/user/info' });
    expect(expectEnvelope(info, 200).data.roleCodes).toEqual(['customer']);
  });

  test('role updates check their body and their target', async () => {
    const ids = await roleIds(t, adminToken);
    expectFieldError(
      await call(t.app, adminToken, { method: 'POST', url: '/api/admin/role/update', payload: { roleIds: [1] } }),
      'userId',
    );
    // The customer family's route does not reach employees, nor the other way round.
    const staff = await createStaff(t, adminToken, ['finance']);
    const wrongFamily = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/admin/role/update',
      payload: { userId: staff.id, roleIds: [ids.administrator] },
    });
    expectEnvelope(wrongFamily, 404);
    const staffInfo = await call(t.app, staff.token, { method: 'GET', url: '/api/user/info' });
    expect(expectEnvelope(staffInfo, 200).data.roleCodes).toEqual(['finance']);
    const missing = await call(t.app, adminToken, {
      method: 'POST',
      url: '/api/staff/role/update',
      payload: { userId: 999_999, roleIds: [ids.finance] },
    });
    expectEnvelope(missing, 404);
  });

  test('staff without role management cannot give roles, not even to themselves', async () => {
    const ids = await roleIds(t, adminToken);
    const seller = await createStaff(t, adminToken, ['seller']);
    const res = await call(t.app, seller.token, {
      method: 'POST',
      url: '/api/staff/role/update',
      payload: { userId: seller.id, roleIds: [ids.administrator] },
    });
    expectEnvelope(res, 403);
    const info = await call(t.app, seller.token, { method: 'GET', url: '/api/user/info' });
    expect(expectEnvelope(info, 200).data.roleCodes).toEqual(['seller']);
  });
});
