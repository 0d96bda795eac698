/** The public site (issue 14): the contact form, staff answering it, and the policy texts the operator sets. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, expectFieldError, loginToken, startApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;

const question = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Lin',
  lastName: 'Wei',
  email: 'Lin.Wei@Example.com',
  phone: '+86 138 0013 8000',
  monthlyVolume: '500to2000',
  question: 'Do you ship to Canada from our Shenzhen warehouse?',
  ...overrides,
});
const ask = (payload: object, language = 'zh-CN', ip = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/contact',
    payload,
    headers: { 'accept-language': language },
    remoteAddress: ip,
  });
const asStaff = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  call(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const latestMailTo = (recipient: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('id', 'desc')
    .executeTakeFirst();

beforeAll(async () => {
  t = await startApp({ contactRateLimit: 3 });
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('the contact form', () => {
  test('refuses a request naming every failing field, and keeps nothing', async () => {
    const answer = await ask(
      question({ firstName: ' ', email: 'not-an-email', phone: 'call me', monthlyVolume: 'lots', question: '' }),
      'en-US',
      '203.0.113.1',
    );
    expect(answer.statusCode).toBe(400);
    expect(Object.keys(answer.json().data.fields).sort()).toEqual(
      ['email', 'firstName', 'monthlyVolume', 'phone', 'question'].sort(),
    );
    expect(answer.json().data.fields.phone).toMatch(/phone number/);
    const kept = await t.ctx.db.selectFrom('contact_requests').selectAll().execute();
    expect(kept).toEqual([]);
  });

  test('keeps a request and mails it to the inbox the operator configured', async () => {
    const saved = await asStaff(admin, 'POST', '/api/admin/config/update', {
      site: { contactInbox: 'sales@parcelport.test' },
    });
    expect(saved.statusCode).toBe(200);
    const answer = await ask(question(), 'en-US', '203.0.113.2');
    expect(answer.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('contact_requests')
      .selectAll()
      .where('id', '=', answer.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'lin.wei@example.com', language: 'en-US', status: 0, ip: '203.0.113.2' });
    const mail = await latestMailTo('sales@parcelport.test');
    expect(mail?.subject).toBe('新的联系请求：Lin Wei');
    expect(mail?.body).toContain('Do you ship to Canada');
    expect(mail?.body).toContain('500-2,000 件/月');
  });

  test('a client sending more than its hourly allowance is refused with 429; another client is not', async () => {
    const ip = '198.51.100.9';
    for (let i = 0; i < 3; i += 1) expect((await ask(question(), 'zh-CN', ip)).statusCode).toBe(200);
    const refused = await ask(question(), 'zh-CN', ip);
    expect(refused.statusCode).toBe(429);
    expect((await ask(question(), 'zh-CN', '198.51.100.10')).statusCode).toBe(200);
  });
});

describe('staff answering contact requests', () => {
  test('staff list them, filter them, and answer one once by mail in the visitor language', async () => {
    const { id } = (
      await ask(question({ email: 'buyer@shop.test', question: 'Pallet rates?' }), 'en-US', '192.0.2.1')
    ).json().data;
    const list = await asStaff(admin, 'GET', '/api/admin/contact/list?keyword=pallet');
    expect(list.json().data.list.map((row: { id: number }) => row.id)).toEqual([id]);
    expect(list.json().data.list[0]).toMatchObject({ status: 0, language: 'en-US', monthlyVolume: '500to2000' });

    const reply = await asStaff(admin, 'POST', `/api/admin/contact/${id}/reply`, {
      reply: 'Yes: pallets go through our LTL partner.',
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ status: 1, repliedBy: ADMIN.username });
    const mail = await latestMailTo('buyer@shop.test');
    expect(mail?.subject).toBe('About your question');
    expect(mail?.body).toContain('Yes: pallets go through our LTL partner.');
    expect(mail?.body).toContain('Pallet rates?');

    const again = await asStaff(admin, 'POST', `/api/admin/contact/${id}/reply`, { reply: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect((await asStaff(admin, 'POST', '/api/admin/contact/999999/reply', { reply: 'x' })).statusCode).toBe(404);
    expectFieldError(await asStaff(admin, 'POST', `/api/admin/contact/${id}/reply`, { reply: ' ' }), 'reply');

    const waiting = await asStaff(admin, 'GET', '/api/admin/contact/list?status=0&pageSize=100');
    expect(waiting.json().data.list.map((row: { id: number }) => row.id)).not.toContain(id);
    const answered = await asStaff(admin, 'GET', '/api/admin/contact/list?status=1');
    expect(answered.json().data.list.map((row: { id: number }) => row.id)).toContain(id);
  });

  test('a merchant may neither list nor answer them', async () => {
    const merchant = await createActiveCustomer(t, admin);
    expect((await asStaff(merchant.token, 'GET', '/api/admin/contact/list')).statusCode).toBe(403);
    expect((await asStaff(merchant.token, 'POST', '/api/admin/contact/1/reply', { reply: 'x' })).statusCode).toBe(403);
  });
});

describe('policy texts', () => {
  const read = (page: string, language: string) =>
    t.app.inject({ method: 'GET', url: `/api/public/site/${page}`, headers: { 'accept-language': language } });

  test("answer the operator's text in the reader language, the other one when only it is written", async () => {
    expect((await read('privacyPolicy', 'en-US')).json().data).toEqual({ text: '' });
    await asStaff(admin, 'POST', '/api/admin/config/update', {
      site: { privacyPolicyEn: '# Privacy\n\nWe keep what shipping needs.' },
    });
    expect((await read('privacyPolicy', 'en-US')).json().data.text).toBe('# Privacy\n\nWe keep what shipping needs.');
    expect((await read('privacyPolicy', 'zh-CN')).json().data.text).toContain('We keep what shipping needs.');
    await asStaff(admin, 'POST', '/api/admin/config/update', {
      site: { privacyPolicyZh: '# 隐私\n\n我们只保存发货所需。' },
    });
    expect((await read('privacyPolicy', 'zh-CN')).json().data.text).toContain('我们只保存发货所需');
    expect((await read('termsOfUse', 'en-US')).json().data.text).toBe('');
    expect((await read('cookies', 'en-US')).statusCode).toBe(400);
  });

  test('a text over 50,000 characters is refused on its setting', async () => {
    const answer = await asStaff(admin, 'POST', '/api/admin/config/update', {
      site: { termsOfUseEn: 'x'.repeat(50_001) },
    });
    expectFieldError(answer, 'site.termsOfUseEn');
  });
});
