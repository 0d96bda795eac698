import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp, upload } from './helpers.ts';

/** A 1 x 1 PNG. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d3f2a40000000049454e44ae426082',
  'hex',
);

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

const profile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  company: 'Cobol & Co',
  phone: '+1 212 555 0199',
  wechat: 'gracehopper',
};

describe('a merchant edits their own profile (/settings/account)', () => {
  test('names, company, phone and WeChat change; /user/info answers them at once', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const saved = await call(t.app, merchant.token, { method: 'POST', url: '/api/user/profile', payload: profile });
    expect(saved.statusCode).toBe(200);
    const info = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/info' })).json().data;
    expect(info).toMatchObject({ ...profile, name: 'Grace Hopper', avatar: '' });
  });

  test('a missing name or a too long company is refused naming the fields, and nothing changes', async () => {
    const merchant = await createActiveCustomer(t, admin);
    const before = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/info' })).json().data;
    const refused = await call(t.app, merchant.token, {
      method: 'POST',
      url: '/api/user/profile',
      headers: { 'accept-language': 'en-US' },
      payload: { ...profile, firstName: '  ', company: 'x'.repeat(121) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.fields).toEqual({
      firstName: 'This field is required',
      company: 'This is too long',
    });
    const after = (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/info' })).json().data;
    expect(after.firstName).toBe(before.firstName);
  });

  test("the avatar is an image of their own upload; another account's file is refused; null removes it", async () => {
    const merchant = await createActiveCustomer(t, admin);
    const other = await createActiveCustomer(t, admin);
    const mine = (await upload(t.app, merchant.token, 'me.png', PNG)).json().data.id as number;
    const theirs = (await upload(t.app, other.token, 'them.png', PNG)).json().data.id as number;
    const save = (avatarAttachmentId: number | null) =>
      call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/user/profile',
        payload: { ...profile, avatarAttachmentId },
      });
    const info = async () => (await call(t.app, merchant.token, { method: 'GET', url: '/api/user/info' })).json().data;

    expect((await save(mine)).statusCode).toBe(200);
    expect((await info()).avatar).toBe(`/api/app/attachment/${mine}`);
    const image = await call(t.app, merchant.token, { method: 'GET', url: `/api/app/attachment/${mine}` });
    expect(image.headers['content-type']).toContain('image/png');

    const refused = await save(theirs);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().data.fields)).toEqual(['avatarAttachmentId']);
    expect((await info()).avatar).toBe(`/api/app/attachment/${mine}`);

    // Saved without the field: the avatar stays; with null: it goes.
    expect(
      (await call(t.app, merchant.token, { method: 'POST', url: '/api/user/profile', payload: profile })).statusCode,
    ).toBe(200);
    expect((await info()).avatar).toBe(`/api/app/attachment/${mine}`);
    expect((await save(null)).statusCode).toBe(200);
    expect((await info()).avatar).toBe('');
  });
});
