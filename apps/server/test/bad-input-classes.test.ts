import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UPLOAD_LIMIT_BYTES } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  expectEnvelope,
  expectFieldError,
  loginToken,
  multipart,
  startApp,
  type TestApp,
} from './helpers.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

/**
 * Issue 10, "no 500 for…": one plain test per class of bad input that reached a 5xx (or Fastify's own
 * error body) before the fix. test/bad-input.test.ts sends the same classes to every operation.
 */

let t: TestApp;
let admin: string;
let customer: { id: number; token: string };

const parcels = [{ length: 10, width: 8, height: 4, weight: 2, insuredValue: '0' }];

beforeAll(async () => {
  t = await startApp({ track17ApiKey: 'webhook-test-key' });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  customer = await createActiveCustomer(t, admin);
});
afterAll(async () => t.close());

const orderCount = async () =>
  Number(
    (
      await t.ctx.db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('JSON nested thousands deep', () => {
  test('a free-form object nested 5,000 deep is refused with 400 naming it, and nothing is saved', async () => {
    const service = await t.ctx.db
      .selectFrom('carrier_services')
      .select(['id', 'settings'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/updateMixSet',
      payload: `{"serviceId":${service.id},"settings":${deep}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(expectFieldError(res, 'settings')).toBe('Nested too deeply (at most 32 levels)');
    const after = await t.ctx.db
      .selectFrom('carrier_services')
      .select('settings')
      .where('id', '=', service.id)
      .executeTakeFirstOrThrow();
    expect(after.settings).toBe(service.settings);
  });
});

describe('text with NUL characters', () => {
  test('a NUL in a body string is refused with 400 naming the field, and no order is written', async () => {
    const before = await orderCount();
    const res = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to: { ...to, personName: 'Grace\u0000Buyer' }, parcels },
    });
    expect(expectFieldError(res, 'to.personName')).toBe('Must not contain NUL characters (\\u0000)');
    expect(await orderCount()).toBe(before);
  });

  test('a NUL in a query value is refused with 400 naming it', async () => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/admin/list?keyword=a%00b' });
    expectFieldError(res, 'keyword');
  });
});

describe('ids beyond the 64-bit range', () => {
  test('a selection id of 2^63 is refused with 400 naming ids', async () => {
    const res = await call(t.app, customer.token, {
      method: 'GET',
      url: '/api/app/order/label/downZip?ids=9223372036854775808',
    });
    expectFieldError(res, 'ids.0');
  });
});

describe('empty lists where one item is needed', () => {
  test('a tracking query of separators only is refused with 400 naming numbers', async () => {
    const res = await call(t.app, customer.token, { method: 'GET', url: '/api/app/tracking/query?numbers=,' });
    expect(expectFieldError(res, 'numbers')).toBe('Give at least one tracking number');
  });
});

describe('path parameters over the length limit, and URLs that do not decode', () => {
  test('an id of 200 digits answers the 414 envelope, not Fastify’s own body', async () => {
    const res = await call(t.app, customer.token, { method: 'GET', url: `/api/app/order/detail/${'9'.repeat(200)}` });
    const body = expectEnvelope(res, 414);
    expect(body.message).toBe('A path parameter is too long');
    expect(body).not.toHaveProperty('statusCode');
  });

  test('a path parameter with broken percent-encoding answers the 400 envelope', async () => {
    const res = await call(t.app, customer.token, { method: 'GET', url: '/api/app/order/detail/%E0%A4%A' });
    expect(expectEnvelope(res, 400).message).toBe('The request URL is not valid');
  });
});

describe('a malformed 17TRACK webhook body', () => {
  const webhook = (payload: string | undefined, contentType?: string) =>
    call(t.app, null, {
      method: 'POST',
      url: '/api/tracking/webhook/17track',
      ...(payload === undefined ? {} : { payload }),
      headers: { sign: 'x', ...(contentType ? { 'content-type': contentType } : {}) },
    });

  test.each([
    ['JSON cut short', '{"event":', 'application/json'],
    ['JSON null', 'null', 'application/json'],
    ['a JSON list', '[1,2]', 'application/json'],
    ['plain text', 'TRACKING_UPDATED', 'text/plain'],
    ['no body', undefined, undefined],
  ])('%s is refused with 400 naming the body', async (_name, payload, contentType) => {
    expectFieldError(await webhook(payload, contentType), 'body');
  });

  test('a well-formed body with a wrong signature is still refused for its signature', async () => {
    expectFieldError(await webhook('{"event":"TRACKING_UPDATED","data":{}}', 'application/json'), 'sign');
  });
});

describe('uploads', () => {
  test.each([
    ['no boundary', 'x', 'multipart/form-data'],
    [
      'a body cut short',
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\nab',
      'multipart/form-data; boundary=b',
    ],
  ])('a multipart body with %s is refused with 400 naming the file', async (_name, payload, contentType) => {
    for (const url of ['/api/app/order/import', '/api/app/order/import/headers', '/api/app/attachment/upload/image']) {
      const res = await call(t.app, customer.token, {
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': contentType },
      });
      expectFieldError(res, 'file');
    }
  });

  // Over a real connection (app.inject has none): each upload route refuses a file over its limit and the
  // same keep-alive connection then serves the next call. (A JSON body over the 10 MB body limit is
  // answered 413 too, but Fastify then closes the connection rather than read the rest.)
  test('an upload refused for its size is answered, and the keep-alive connection serves the next call', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, method: string, headers: Record<string, string>, body?: Buffer) =>
      new Promise<{ status: number; body: string; reused: boolean }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent }, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      const auth = { authorization: `Bearer ${customer.token}`, 'accept-language': 'en-US' };
      const adminAuth = { authorization: `Bearer ${admin}`, 'accept-language': 'en-US' };
      const service = await t.ctx.db.selectFrom('carrier_services').select('id').executeTakeFirstOrThrow();
      const refusals: [string, Record<string, string>, { payload: Buffer; headers: Record<string, string> }][] = [
        ['/api/app/attachment/upload/image', auth, multipart('big.png', Buffer.alloc(UPLOAD_LIMIT_BYTES * 4, 1))],
        [
          `/api/admin/channel/service/${service.id}/rates`,
          adminAuth,
          multipart('big.csv', Buffer.alloc(UPLOAD_LIMIT_BYTES * 4, 49), 'text/csv'),
        ],
        ['/api/app/order/import', auth, multipart('big.csv', Buffer.alloc(21 * 1024 * 1024, 49), 'text/csv')],
      ];
      for (const [path, headers, body] of refusals) {
        const refused = await send(path, 'POST', { ...body.headers, ...headers }, body.payload);
        expect([400, 413], path).toContain(refused.status);
        expect(JSON.parse(refused.body), path).toMatchObject({ code: refused.status, message: expect.any(String) });
        const next = await send('/api/user/info', 'GET', auth);
        expect(next, `the call after ${path}`).toMatchObject({ status: 200, reused: true });
      }
    } finally {
      agent.destroy();
    }
  });
});
