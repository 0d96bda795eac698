import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, expectEnvelope, loginToken, onPostgres, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('health', () => {
  test('answers ok with the database in use, without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(expectEnvelope(res, 200).data).toEqual({ status: 'ok', database: onPostgres ? 'postgres' : 'sqlite' });
  });
});

describe('OpenAPI', () => {
  test('/api/openapi.json is an OpenAPI 3.1 document of the API, built from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.info.title).toBeTruthy();
    const login = doc.paths['/api/admin/login']?.post;
    expect(login).toBeDefined();
    expect(login.requestBody.content['application/json'].schema.properties).toHaveProperty('encryptData');
    for (const path of ['/api/user/info', '/api/user/register', '/api/admin/list', '/api/role/list', '/api/health']) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
    expect(doc.paths['/api/admin/updateStatus/{id}']).toBeDefined();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  test('the browsable reference is served at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    if (res.statusCode === 302) expect(res.headers.location).toMatch(/docs/);
    else {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });
});

describe('errors are envelopes', () => {
  test('an unknown /api path gets the 404 envelope, in the asked language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(expectEnvelope(zh, 404)).toEqual({ code: 404, message: '资源不存在', data: null });
    const en = await call(t.app, adminToken, { method: 'POST', url: '/api/no/such/route', payload: {} });
    expect(expectEnvelope(en, 404).message).toBe('Not found');
    // A known path with the wrong method is not found either.
    expectEnvelope(await t.app.inject({ method: 'GET', url: '/api/admin/login' }), 404);
  });

  test('malformed JSON gets a 400 envelope, not a 500', async () => {
    for (const [url, token] of [
      ['/api/admin/login', null],
      ['/api/user/register', null],
      ['/api/user/updatePassword', adminToken],
      ['/api/admin/role/update', adminToken],
    ] as const) {
      const res = await call(t.app, token, {
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"encryptData": ',
      });
      expect(expectEnvelope(res, 400).data, url).toBeNull();
    }
  });

  test('an empty JSON body and a JSON null body get a 400 envelope', async () => {
    const empty = await call(t.app, null, {
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectEnvelope(empty, 400);
    const nullBody = await call(t.app, null, {
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/json' },
      payload: 'null',
    });
    expectEnvelope(nullBody, 400);
  });

  test('a body of an unsupported type gets a 415 envelope', async () => {
    const res = await call(t.app, null, {
      method: 'POST',
      url: '/api/admin/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login><encryptData>x</encryptData></login>',
    });
    expectEnvelope(res, 415);
  });

  test("the framework's own refusals (malformed, empty, too large, unsupported) answer in the reader's language", async () => {
    const refusal = async (locale: string, contentType: string, payload: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login',
        headers: { 'content-type': contentType, 'accept-language': locale },
        payload,
      });
      return `${res.statusCode} ${res.json().message}`;
    };
    const large = `{"encryptData":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect(await refusal('zh-CN', 'application/json', '{"encryptData": ')).toBe(
      '400 请求内容不是有效的 JSON，但 Content-Type 为 application/json',
    );
    expect(await refusal('zh-CN', 'application/json', '')).toBe(
      '400 Content-Type 为 application/json 时请求内容不能为空',
    );
    expect(await refusal('zh-CN', 'application/json', large)).toBe('413 请求内容过大（最多 10MB）');
    expect(await refusal('zh-CN', 'application/xml', '<a/>')).toBe(
      '415 不支持该 Content-Type（请用 application/json 或 multipart/form-data）',
    );
    expect(await refusal('en-US', 'application/xml', '<a/>')).toBe(
      '415 This content-type is not supported (use application/json or multipart/form-data)',
    );
  });

  test('validation messages follow Accept-Language', async () => {
    const body = { email: 'not-an-address' };
    const en = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: body });
    expect(expectEnvelope(en, 400).data.fields.email).toBe('Enter a valid email address');
    const zh = await t.app.inject({ method: 'POST', url: '/api/user/code/send', payload: body });
    expect(expectEnvelope(zh, 400).data.fields.email).toBe('请输入有效的邮箱');
    expect(zh.json().message).toMatch(/^请求参数有误/);
  });
});

describe('security headers', () => {
  test('every answer carries helmet headers, errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/user/info' }),
      await t.app.inject({ method: 'GET', url: '/api/no/such/route' }),
      await call(t.app, adminToken, { method: 'GET', url: '/api/user/info' }),
    ];
    for (const res of answers) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
      // the browser's default (origin-keyed agent clusters), which the header only made slower (app.ts)
      expect(res.headers['origin-agent-cluster']).toBeUndefined();
    }
  });
});
