import { afterAll, beforeAll, expect, test } from 'vitest';
import { ADMIN, call, loginToken, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => t.close());

test('smoke', async () => {
  const token = await loginToken(t.app, ADMIN.username, ADMIN.password);
  const res = await call(t.app, token, { method: 'GET', url: '/api/user/info' });
  console.log(res.body);
  expect(res.statusCode).toBe(200);
});
