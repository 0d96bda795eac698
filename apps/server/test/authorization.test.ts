/**
 * Generated authorisation checks: every operation of the OpenAPI document, called as no one, as each
 * built-in role, through an API key and while acting as a user, and every operation that touches owned
 * objects aimed at another owner's objects. The expected answers come from each operation's declared
 * access (`x-access`), object scope (`x-scope`) and person-only flags, which the server also enforces; so a
 * route added tomorrow is covered the day it is added, without touching this file.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_ROLES, KEY_AREAS, MEMBER_PERMISSIONS, RESOURCE_CATALOGUE, ROLE } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accessTable, withAccessTable } from '../src/modules/docs/access-table.ts';
import {
  ADMIN,
  addressBookEntry,
  call,
  createActiveCustomer,
  createMember,
  createStaff,
  type Json,
  loginToken,
  multipart,
  startApp,
  type TestApp,
  upload,
} from './helpers.ts';
import { changedRequests, type Operation, operationsOf, requestFor } from './openapi-requests.ts';
import { SENDER as from, RECIPIENT as to } from './parties.ts';

let t: TestApp;
let adminToken: string;
let operations: Operation[];
let doc: Json;

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c63f8cfc0f01f0005000201a5d3f2a40000000049454e44ae426082',
  'hex',
);

beforeAll(async () => {
  t = await startApp();
  adminToken = await loginToken(t.app, ADMIN.username, ADMIN.password);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  operations = operationsOf(doc);
}, 120_000);
afterAll(async () => t?.close());

/** What a call must not get past: 401 without a session, 403 without the code, 200-ish otherwise. */
function expectAllowed(op: Operation, status: number, who: string) {
  expect({ op: op.key, who, status }).not.toMatchObject({ status: 401 });
  expect({ op: op.key, who, status }).not.toMatchObject({ status: 403 });
}

/**
 * Each operation a key may call at all (not public, not for a person in person), called through the key
 * with an unreadable JSON body: the key's own refusals come first, and no call runs.
 */
async function eachUnreadCall(key: string, check: (op: Operation, res: Awaited<ReturnType<typeof call>>) => void) {
  for (const op of operations) {
    if (op.access === 'public' || op.signInOnly) continue;
    const { url } = requestFor(op, {});
    const unread = op.method === 'GET' ? {} : { payload: '{', headers: { 'content-type': 'application/json' } };
    check(op, await call(t.app, key, { method: op.method as 'POST', url, ...unread }));
  }
}

/** An upload of each operation that takes one, its file's bytes ended with `extra` (another file when not empty). */
const SHEET = 'Recipient name,Recipient ZIP,Zone,Weight,Price\nAda,90210,1,1,1.00';
const UPLOADS: Record<string, (extra: Buffer) => ReturnType<typeof multipart>> = {
  importOrders: (extra) =>
    multipart('orders.csv', Buffer.concat([Buffer.from(SHEET), extra]), 'text/csv', { mapping: '{}' }),
  uploadAttachment: (extra) => multipart('label.png', Buffer.concat([PNG, extra])),
  importRates: (extra) => multipart('rates.csv', Buffer.concat([Buffer.from(SHEET), extra]), 'text/csv'),
  importZoneChart: (extra) => multipart('zones.csv', Buffer.concat([Buffer.from(SHEET), extra]), 'text/csv'),
  previewBill: (extra) =>
    multipart('bill.csv', Buffer.concat([Buffer.from(SHEET), extra]), 'text/csv', {
      channelId: '999999999',
      preset: 'generic',
    }),
};

/**
 * Requests valid enough for the writes whose generated request the route refuses as input, before it takes
 * the key: with these, the key is taken and its promise checked for them too.
 */
const rule = { name: 'Generated', conditions: {}, actions: { hold: true } };
const webhookEndpoint = { url: 'https://93.184.215.14/generated', eventTypes: ['label.created'], enabled: false };
const VALID_WRITES: Record<string, { payload?: object; url?: string }> = {
  'POST /api/role/create': { payload: { code: 'generated_role', name: 'Generated' } },
  'POST /api/app/user/address': { payload: addressBookEntry('Generated POST') },
  'PUT /api/app/user/address/{id}': { payload: addressBookEntry('Generated PUT') },
  'POST /api/admin/config/update': { payload: { payees: { achWire: 'Generated payee, ACH 123456789' } } },
  'POST /api/admin/order/unconfirmedPurchases/{id}/settle': {
    payload: { trackingNumbers: ['9400111899223197428490'] },
  },
  'POST /api/app/pickups': {
    payload: {
      channelId: 999_999_999,
      pickupDate: '2026-01-01',
      windowStart: '09:00',
      windowEnd: '17:00',
      location: 'FRONT_DOOR',
    },
  },
  'POST /api/user/tableSettings/{list}': { url: '/api/user/tableSettings/orders' },
  'POST /api/user/tableSettings/{list}/reset': { url: '/api/user/tableSettings/orders/reset' },
  'POST /api/app/rules': { payload: rule },
  'PUT /api/app/rules/{id}': { payload: rule },
  'PUT /api/app/orderViews/{id}': { payload: { name: 'Generated', filters: {} } },
  'POST /api/app/stores/woocommerce': {
    payload: {
      name: 'Generated',
      siteUrl: 'https://shop.example.test',
      consumerKey: `ck_${'a'.repeat(40)}`,
      consumerSecret: `cs_${'b'.repeat(40)}`,
    },
  },
  'POST /api/app/tags': { payload: { name: 'Generated', color: '#336699' } },
  'PUT /api/app/tags/{id}': { payload: { name: 'Generated', color: '#336699' } },
  'POST /api/app/order/tags': { payload: { ids: [999_999_999], add: [999_999_999] } },
  'POST /api/app/tracking/subscribe': {
    payload: { trackingNo: '9400111899223197428490', email: 'someone@example.test' },
  },
  'POST /api/app/webhooks/endpoints': { payload: webhookEndpoint },
  'PUT /api/app/webhooks/endpoints/{id}': { payload: webhookEndpoint },
};

/** Sign-out is the one call that ends the caller's own session: it goes last. */
const lastOfAll = (ops: Operation[]) => [
  ...ops.filter((op) => op.key !== 'POST /api/admin/logout'),
  ...ops.filter((op) => op.key === 'POST /api/admin/logout'),
];

describe('every operation declares who may call it and whose objects it touches', () => {
  test('the document has the operations, each with x-access and, unless public, x-scope', () => {
    expect(operations.length).toBeGreaterThan(100);
    for (const op of operations) {
      expect({ op: op.key, access: op.access }).not.toMatchObject({ access: undefined });
      if (op.access !== 'public') {
        expect([op.key, op.scope]).toEqual([op.key, expect.stringMatching(/^(own|ownCustomers|any)$/)]);
        expect({ op: op.key, area: op.keyArea, known: (KEY_AREAS as readonly unknown[]).includes(op.keyArea) }).toEqual(
          {
            op: op.key,
            area: op.keyArea,
            known: true,
          },
        );
      }
    }
  });

  test("docs/api.md's table of who may call what is the one the routes declare", () => {
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    expect(withAccessTable(page, accessTable(doc))).toBe(page);
  });

  test('as no one: public operations answer, every other one is 401 in the envelope', async () => {
    for (const op of operations) {
      const res = await t.app.inject({ ...requestFor(op, {}), headers: { 'accept-language': 'en-US' } });
      if (op.access === 'public') {
        expect({ op: op.key, status: res.statusCode }).not.toMatchObject({ status: 401 });
        expect({ op: op.key, status: res.statusCode }).not.toMatchObject({ status: 403 });
      } else {
        expect({ op: op.key, status: res.statusCode, code: res.json().code }).toEqual({
          op: op.key,
          status: 401,
          code: 401,
        });
      }
    }
  }, 120_000);

  test('as each built-in role: 403 exactly where the role holds none of the codes', async () => {
    for (const role of BUILT_IN_ROLES) {
      const holder =
        role.code === ROLE.customer
          ? await createActiveCustomer(t, adminToken)
          : role.code === ROLE.administrator
            ? { token: await loginToken(t.app, ADMIN.username, ADMIN.password) }
            : await createStaff(t, adminToken, [role.code]);
      for (const op of lastOfAll(operations)) {
        if (op.access === 'public') continue;
        const res = await call(t.app, holder.token, requestFor(op, {}));
        const mayCall = op.access === 'signedIn' || op.access.some((code) => (role.codes as string[]).includes(code));
        if (mayCall) expectAllowed(op, res.statusCode, role.code);
        else expect({ op: op.key, role: role.code, status: res.statusCode }).toMatchObject({ status: 403 });
      }
    }
  }, 300_000);

  // Issue 31: a live key and a test key alike; a test key is also refused every call of the funds area (it
  // has no money), and every answer names the key's mode.
  test.each(['live', 'test'] as const)(
    'through a %s API key: the owner’s access, except the calls that need a person in person',
    async (mode) => {
      const owner = await createActiveCustomer(t, adminToken);
      const made = await call(t.app, owner.token, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: 'generated test', mode },
      });
      const key = made.json().data.key as string;
      expect(key.startsWith(`pp_${mode}_`)).toBe(true);
      const codes = BUILT_IN_ROLES.find((role) => role.code === ROLE.customer)?.codes as string[];
      for (const op of lastOfAll(operations)) {
        if (op.access === 'public') continue;
        const res = await call(t.app, key, requestFor(op, {}));
        expect({ op: op.key, mode: res.headers['parcelport-mode'] }).toEqual({ op: op.key, mode });
        const mayCall = op.access === 'signedIn' || op.access.some((code) => codes.includes(code));
        const touchesMoney = mode === 'test' && op.keyArea === 'funds';
        if (op.signInOnly || !mayCall) expect({ op: op.key, status: res.statusCode }).toMatchObject({ status: 403 });
        else if (touchesMoney)
          expect({ op: op.key, status: res.statusCode, data: res.json().data }).toEqual({
            op: op.key,
            status: 403,
            data: { reason: 'apiKeyTestMode' },
          });
        else expectAllowed(op, res.statusCode, `${mode} api key`);
      }
    },
    120_000,
  );

  // Issue 31: each area in turn is left out of an administrator's key (which reaches every other call), and
  // exactly the operations of that area refuse it, with the area named. Bodies are unreadable JSON, so a call
  // the key may make stops at 400 before its handler runs.
  test('through a key limited to areas: refused exactly on the operations of the areas it lacks', async () => {
    const signedIn = await loginToken(t.app, ADMIN.username, ADMIN.password);
    for (const lacking of KEY_AREAS) {
      const areas = KEY_AREAS.filter((area) => area !== lacking);
      const made = await call(t.app, signedIn, {
        method: 'POST',
        url: '/api/app/user/apiKey',
        payload: { name: `without ${lacking}`, areas },
      });
      await eachUnreadCall(made.json().data.key as string, (op, res) => {
        const refusal = res.statusCode === 403 ? res.json().data : null;
        expect({ op: op.key, lacking, refusal }).toEqual({
          op: op.key,
          lacking,
          refusal: op.keyArea === lacking ? { reason: 'apiKeyArea', area: lacking } : null,
        });
      });
    }
  }, 300_000);

  // Issue 31: a read-only key is refused every call that changes something, and no other. An administrator's
  // key reaches every call but the sign-in-only ones; bodies are unreadable JSON, so no call runs.
  test('through a read-only key: refused exactly on the calls that change something', async () => {
    const signedIn = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const made = await call(t.app, signedIn, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'generated reader', readOnly: true },
    });
    await eachUnreadCall(made.json().data.key as string, (op, res) => {
      const refused =
        res.statusCode === 403 && res.json().message === 'This API key may only read; it cannot change anything';
      expect({ op: op.key, refused }).toEqual({ op: op.key, refused: op.method !== 'GET' && !op.readOnly });
    });
  }, 300_000);

  // Issue 31: every write takes an Idempotency-Key, and each one keeps its promise: the generated call made
  // twice under a key is answered the second time from the first (replayed, the same status and body), the
  // key is refused for the same operation with another request (another body, file or object: 422 naming it)
  // and on another operation, and a call still running under it is 409.
  test('every write under an Idempotency-Key: replayed, refused with another request or on another operation, 409 while running', async () => {
    const owner = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const writes = operations.filter((op) => op.idempotent && op.access !== 'public');
    expect(writes.length).toBeGreaterThan(100);
    const keyRow = (key: string) =>
      t.ctx.db
        .selectFrom('idempotency_keys')
        .select(['response', 'status_code'])
        .where('key', '=', key)
        .executeTakeFirst();
    const refusedInput: string[] = [];
    for (const op of lastOfAll(writes)) {
      if (op.key === 'POST /api/admin/logout') continue;
      const key = `generated ${op.key}`;
      const request = writeRequest(op);
      // From an address of its own: routes limited per client (test notices: 5 a minute) count only this test's
      // calls, not those the tests before it made in the same minute.
      const withKey = (one: typeof request) => ({
        ...one,
        headers: { ...(one.headers as object), 'idempotency-key': key },
        remoteAddress: '203.0.113.31',
      });
      const keyed = withKey(request);
      const first = await call(t.app, owner, keyed);
      expect({ op: op.key, status: first.statusCode < 500 }).toEqual({ op: op.key, status: true });
      if (!(await keyRow(key))) {
        // Input the route refuses is answered before the key is taken (idempotency.test.ts): nothing to replay.
        expect({ op: op.key, status: first.statusCode }).toEqual({ op: op.key, status: 400 });
        refusedInput.push(op.key);
        continue;
      }
      const again = await call(t.app, owner, keyed);
      expect({
        op: op.key,
        replayed: again.headers['idempotent-replayed'],
        status: again.statusCode,
        body: again.body,
      }).toEqual({ op: op.key, replayed: 'true', status: first.statusCode, body: first.body });
      // The same operation under the key with another request: the first of the changes the route takes as
      // valid input (one field another value, another file, another object) is refused naming the key.
      let changed: { status: number; named: boolean } | null = null;
      for (const other of changedWriteRequests(op, request)) {
        const res = await call(t.app, owner, withKey(other));
        // Refused as input, or no change once parsed (a default sent as written): the next change.
        if (res.statusCode === 400 || res.headers['idempotent-replayed'] === 'true') continue;
        changed = { status: res.statusCode, named: res.json().message.includes(key) };
        break;
      }
      expect({ op: op.key, changed }).toEqual({ op: op.key, changed: { status: 422, named: true } });
      const elsewhere = await call(t.app, owner, {
        method: 'POST',
        url: '/api/app/user/address',
        payload: addressBookEntry('Generated'),
        headers: { 'idempotency-key': key },
      });
      expect({ op: op.key, status: elsewhere.statusCode, named: elsewhere.json().message.includes(key) }).toEqual({
        op: op.key,
        status: 422,
        named: true,
      });
      // The same call while the first still runs (its row unanswered, its claim held) is 409.
      await t.ctx.db
        .updateTable('idempotency_keys')
        .set({ response: null, status_code: null, locked_until: Date.now() + 60_000 })
        .where('key', '=', key)
        .execute();
      const running = await call(t.app, owner, keyed);
      expect({ op: op.key, status: running.statusCode }).toEqual({ op: op.key, status: 409 });
    }
    // Most generated calls pass their input checks, so most writes are proven above, not skipped; with the
    // valid requests given above, every one.
    expect(refusedInput.length, refusedInput.join('\n')).toBeLessThan(writes.length / 4);
    expect(refusedInput).toEqual([]);
  }, 600_000);

  /** The generated request of a write, with a real upload for the ones that take a file, and the valid bodies some need. */
  function writeRequest(op: Operation) {
    const upload = UPLOADS[op.operationId ?? ''];
    const request = requestFor(op, {});
    if (upload) return { ...request, ...upload(Buffer.from('')) };
    return { ...request, ...VALID_WRITES[op.key] };
  }

  /** Requests of the write that differ from writeRequest's in one thing: a field's value, the file, the object. */
  function changedWriteRequests(op: Operation, request: ReturnType<typeof writeRequest>) {
    const upload = UPLOADS[op.operationId ?? ''];
    if (upload) return [{ ...request, ...upload(Buffer.from('\n')) }];
    return changedRequests(op, request);
  }

  // Issue 25: a sign-in-only call a customer may not make anyway (the test mail) was refused to keys, but the
  // page did not say so. An administrator's key reaches every call but the sign-in-only ones; each body is
  // unreadable JSON, so a call the key may make stops at 400 before its handler runs.
  test("docs/api.md marks every call that refuses an administrator's API key, in both its tables", async () => {
    const signedIn = await loginToken(t.app, ADMIN.username, ADMIN.password);
    const made = await call(t.app, signedIn, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'docs' },
    });
    const key = made.json().data.key as string;
    const refusedToKeys: string[] = [];
    for (const op of operations) {
      if (op.access === 'public') continue;
      const { url } = requestFor(op, {});
      const unread = op.method === 'GET' ? {} : { payload: '{', headers: { 'content-type': 'application/json' } };
      const res = await call(t.app, key, { method: op.method as 'POST', url, ...unread });
      if (res.statusCode === 403 && res.json().message === 'This call needs a signed-in user, not an API key')
        refusedToKeys.push(op.key);
    }
    expect(refusedToKeys).toContain('POST /api/admin/config/testMail');
    const page = readFileSync(path.resolve(import.meta.dirname, '../../../docs/api.md'), 'utf8');
    const rows = page.split('\n').filter((line) => line.startsWith('| `'));
    const cells = (row: string) => row.split(' | ');
    // The generated table: "not with an API key" on exactly these calls.
    const generated = rows.filter((row) => /^\| `[A-Z]+ [^`]+` \| [^|]+ \| [^|]+ \| [^|]+ \| [^|]* \|$/.test(row));
    const marked = generated.filter((row) => cells(row)[4]?.includes('not with an API key'));
    expect(marked.map((row) => cells(row)[0]?.slice(3, -1)).sort()).toEqual([...refusedToKeys].sort());
    // The calls table by area: the row naming each such call says, in its "who", that a key is refused.
    const handWritten = rows.filter((row) => !generated.includes(row));
    for (const op of refusedToKeys) {
      const row = handWritten.find((line) => cells(line)[0]?.includes(`\`${op}\``));
      expect({ op, who: row && cells(row)[1] }).toEqual({ op, who: expect.stringMatching(/not with a key/) });
    }
  });

  // Issue 30: a team member signs in as themselves into the merchant's account. With no permission and with
  // each one alone, exactly the operations whose member rule (`x-member`) asks for what the member lacks refuse
  // it, naming the permission; the rest answer as for the owner. Bodies are unreadable JSON, so a call the
  // member may make stops at 400 before its handler runs.
  test('as a team member with no permission, and with each one: refused exactly where the rule asks for more', async () => {
    const owner = await createActiveCustomer(t, adminToken);
    const codes = BUILT_IN_ROLES.find((role) => role.code === ROLE.customer)?.codes as string[];
    const ruled = operations.filter((op) => op.member !== null).map((op) => op.key);
    expect(ruled).toEqual(
      expect.arrayContaining(['POST /api/app/order/label/create', 'GET /api/app/balance/log/list']),
    );
    for (const permissions of [[], ...MEMBER_PERMISSIONS.map((permission) => [permission])]) {
      const member = await createMember(t, owner.token, permissions);
      for (const op of operations) {
        if (op.access === 'public' || op.key === 'POST /api/admin/logout') continue;
        const { url } = requestFor(op, {});
        const unread = op.method === 'GET' ? {} : { payload: '{', headers: { 'content-type': 'application/json' } };
        const res = await call(t.app, member.token, { method: op.method as 'POST', url, ...unread });
        const who = `member with [${permissions.join(', ')}]`;
        const mayCall = op.access === 'signedIn' || op.access.some((code) => codes.includes(code));
        if (!mayCall) {
          expect({ op: op.key, who, status: res.statusCode }).toMatchObject({ status: 403 });
          continue;
        }
        const refusal = res.statusCode === 403 ? res.json().data : null;
        const expected =
          op.member === 'owner'
            ? { reason: 'memberOwnerOnly' }
            : op.member !== null && !(permissions as string[]).includes(op.member)
              ? { reason: 'memberPermission', permission: op.member }
              : null;
        expect({ op: op.key, who, refusal }).toEqual({ op: op.key, who, refusal: expected });
        if (!expected) expectAllowed(op, res.statusCode, who);
      }
    }
  }, 600_000);

  test('while acting as a merchant: the calls only the account holder may make are refused', async () => {
    const merchant = await createActiveCustomer(t, adminToken);
    const built = await call(t.app, adminToken, { method: 'POST', url: `/api/admin/token/build/${merchant.id}` });
    const acting = built.json().data as string;
    const personOnly = operations.filter((op) => op.notWhileActing);
    expect(personOnly.map((op) => op.key).sort()).toEqual(
      [
        'DELETE /api/app/user/apiKey/{id}',
        'POST /api/app/user/apiKey',
        'POST /api/app/user/apiKey/{id}/roll',
        'POST /api/user/updatePassword',
        // Webhook signing secrets are answered only to the account itself (issue 28).
        'POST /api/app/webhooks/endpoints',
        'POST /api/app/webhooks/endpoints/{id}/rotate',
        'POST /api/app/webhooks/tracking-key/rotate',
        // Who works in the account: a member staff invited would be a lasting sign-in of their own in it.
        'POST /api/app/team/members',
        'PUT /api/app/team/members/{id}',
        'POST /api/app/team/members/{id}/resend',
        'DELETE /api/app/team/members/{id}',
      ].sort(),
    );
    for (const op of personOnly) {
      const res = await call(t.app, acting, requestFor(op, { id: 1 }));
      expect({ op: op.key, status: res.statusCode, code: res.json().code }).toEqual({
        op: op.key,
        status: 403,
        code: 403,
      });
    }
  });
});

/** A merchant with one of each object a merchant owns, named by kind. */
interface Victim {
  id: number;
  email: string;
  token: string;
  objects: Record<string, number[]>;
  /** Texts that appear in this merchant's data and nowhere else. */
  markers: string[];
}

async function merchantWithObjects(invitationCode?: string): Promise<Victim> {
  const customer = await createActiveCustomer(
    t,
    adminToken,
    undefined,
    undefined,
    invitationCode ? { invitationCode } : {},
  );
  const as = (options: Parameters<typeof call>[2]) => call(t.app, customer.token, options);
  const data = async (res: Awaited<ReturnType<typeof as>>) => {
    expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
    return res.json().data as Json;
  };
  await call(t.app, adminToken, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: '500.00', remark: 'funds for the test' },
  });
  const marker = `Secret${customer.id}Recipient`;
  const newDraft = async () =>
    (
      await data(
        await as({
          method: 'POST',
          url: '/api/app/order/draft',
          payload: {
            from,
            to: { ...to, personName: marker },
            parcels: [{ length: 10, width: 8, height: 4, weight: 2 }],
            reference1: marker,
          },
        }),
      )
    ).orderId as number;
  const bought = async () => {
    const orderId = await newDraft();
    const lines = await data(await as({ method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } }));
    const serviceId = (lines as { serviceId: number; available: boolean }[]).find((line) => line.available)?.serviceId;
    await data(await as({ method: 'POST', url: '/api/app/order/label/create', payload: { orderId, serviceId } }));
    return orderId;
  };
  const draftId = await newDraft();
  const boughtId = await bought();
  const cancellingId = await bought();
  await data(await as({ method: 'POST', url: '/api/app/order/cancel', payload: { ids: [cancellingId] } }));

  const attachment = (await data(await upload(t.app, customer.token, 'voucher.png', PNG))).id as number;
  const recharge = (
    await data(
      await as({
        method: 'POST',
        url: '/api/app/user/recharge',
        payload: { currency: 'USD', paymentMethod: 'achWire', amount: '10.00', voucherId: attachment, remark: marker },
      }),
    )
  ).id as number;
  const workOrder = (
    await data(
      await as({
        method: 'POST',
        url: '/api/app/workOrder',
        payload: { type: 'other', subject: marker, description: marker, attachmentId: attachment },
      }),
    )
  ).id as number;
  const address = (
    await data(await as({ method: 'POST', url: '/api/app/user/address', payload: { ...to, title: marker } }))
  ).id as number;
  const template = (
    await data(
      await as({
        method: 'POST',
        url: '/api/app/user/packageTemplate',
        payload: { name: marker, quantity: 1, length: 10, width: 8, height: 4, weight: 2, unit: 'lb/in' },
      }),
    )
  ).id as number;
  const job = (
    await data(await as({ method: 'POST', url: '/api/app/order/batchEstimateRateMix', payload: { ids: [draftId] } }))
  ).jobId as number;
  const apiKey = (await data(await as({ method: 'POST', url: '/api/app/user/apiKey', payload: { name: marker } })))
    .id as number;
  return {
    ...customer,
    objects: {
      order: [draftId, boughtId, cancellingId],
      user: [customer.id],
      recharge: [recharge],
      workOrder: [workOrder],
      address: [address],
      template: [template],
      attachment: [attachment],
      job: [job],
      apiKey: [apiKey],
    },
    markers: [customer.email, marker],
  };
}

/** Everything about one merchant that another caller must not be able to change. */
async function snapshotOf(userId: number) {
  const db = t.ctx.db;
  return {
    user: await db.selectFrom('users').selectAll().where('id', '=', userId).execute(),
    roles: await db.selectFrom('user_roles').selectAll().where('user_id', '=', userId).execute(),
    wallets: await db.selectFrom('wallets').selectAll().where('user_id', '=', userId).execute(),
    ledger: await db.selectFrom('balance_logs').selectAll().where('user_id', '=', userId).execute(),
    orders: await db.selectFrom('orders').selectAll().where('user_id', '=', userId).orderBy('id').execute(),
    channels: await db.selectFrom('user_channels').selectAll().where('user_id', '=', userId).execute(),
    priceRules: await db.selectFrom('user_price_rules').selectAll().where('user_id', '=', userId).execute(),
    recharges: await db.selectFrom('recharges').selectAll().where('user_id', '=', userId).execute(),
    workOrders: await db.selectFrom('work_orders').selectAll().where('user_id', '=', userId).execute(),
    sessions: await db
      .selectFrom('sessions')
      .select(['id', 'revoked_at', 'actor_id'])
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute(),
    jobs: await db.selectFrom('jobs').select(['id', 'status']).where('user_id', '=', userId).execute(),
  };
}

/**
 * Every operation that touches owned objects, aimed at each of the target's objects in turn. Answers what
 * each operation answered, and the problems seen: a 5xx, or (unless the caller may read the target's data)
 * the target's data in an answer.
 */
async function attack(token: string, who: string, target: Victim, mayRead: boolean) {
  const answered = new Map<string, number[]>();
  const problems: string[] = [];
  // Sign-out ends the attacker's own session and touches nobody else's: it is checked above.
  const targeted = operations.filter(
    (op) => (op.scope === 'own' || op.scope === 'ownCustomers') && op.key !== 'POST /api/admin/logout',
  );
  for (const op of targeted) {
    const ids = op.takesIds ? Object.values(target.objects).flat() : [0];
    for (const id of ids) {
      const res = await call(t.app, token, requestFor(op, { id }));
      answered.set(op.key, [...(answered.get(op.key) ?? []), res.statusCode]);
      if (res.statusCode >= 500) problems.push(`${who}: ${op.key} with id ${id} answered ${res.statusCode}`);
      const body = res.rawPayload.toString('latin1');
      for (const marker of mayRead ? [] : target.markers) {
        if (body.includes(marker))
          problems.push(`${who}: ${op.key} with id ${id} answered the other merchant's ${marker}`);
      }
    }
  }
  return { answered, problems };
}

describe("another owner's objects are out of reach for every caller but those who own them", () => {
  let victim: Victim;
  let ownCustomer: Victim;
  let seller: { id: number; token: string };

  beforeAll(async () => {
    // A seller who holds every resource code, as an operator might grant by mistake: only the object scope
    // keeps them to their own customers.
    const now = Date.now();
    const { id: roleId } = await t.ctx.db
      .insertInto('roles')
      .values({ code: 'allCodes', name: 'all codes', built_in: 0, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const resources = await t.ctx.db.selectFrom('resources').select(['id', 'code']).execute();
    await t.ctx.db
      .insertInto('role_resources')
      .values(
        resources
          .filter((resource) => RESOURCE_CATALOGUE.some((entry) => entry.code === resource.code))
          .map((resource) => ({ role_id: roleId, resource_id: resource.id })),
      )
      .execute();
    seller = await createStaff(t, adminToken, [ROLE.seller, 'allCodes'], { invitationCode: 'OWNS-A1' });
    // The victim belongs to another seller; the control customer to this one.
    await createStaff(t, adminToken, [ROLE.seller], { invitationCode: 'OWNS-B' });
    victim = await merchantWithObjects('OWNS-B');
    ownCustomer = await merchantWithObjects('OWNS-A1');
  }, 180_000);

  test('a merchant, signed in or through a key, a team member and a seller holding every code change nothing of a merchant they do not own, and read none of it', async () => {
    const before = await snapshotOf(victim.id);
    const merchant = await createActiveCustomer(t, adminToken);
    const key = (
      await call(t.app, merchant.token, { method: 'POST', url: '/api/app/user/apiKey', payload: { name: 'k' } })
    ).json().data.key as string;
    const member = await createMember(t, merchant.token, [...MEMBER_PERMISSIONS]);
    const problems = [
      ...(await attack(merchant.token, 'merchant', victim, false)).problems,
      ...(await attack(key, 'api key', victim, false)).problems,
      ...(await attack(seller.token, 'seller with every code', victim, false)).problems,
      ...(await attack(member.token, 'team member with every permission', victim, false)).problems,
    ];
    expect(problems).toEqual([]);
    expect(await snapshotOf(victim.id)).toEqual(before);
  }, 600_000);

  // Issue 31: the merchant's own test key aimed at its live orders (a draft, a bought label, one being
  // cancelled): it changes none of them, and no answer names their numbers.
  test('a test key changes and reads none of its own owner’s live orders', async () => {
    const live = () =>
      t.ctx.db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', victim.id)
        .where('is_test', '=', 0)
        .orderBy('id')
        .execute();
    const before = { orders: await live(), ledger: (await snapshotOf(victim.id)).ledger };
    expect(before.orders.length).toBeGreaterThanOrEqual(3);
    const made = await call(t.app, victim.token, {
      method: 'POST',
      url: '/api/app/user/apiKey',
      payload: { name: 'sandbox', mode: 'test' },
    });
    const key = made.json().data.key as string;
    const numbers = before.orders.flatMap((order) => [order.order_no, order.tracking_no ?? []].flat());
    const { problems } = await attack(key, 'test key', { ...victim, markers: numbers }, false);
    expect(problems).toEqual([]);
    expect({ orders: await live(), ledger: (await snapshotOf(victim.id)).ledger }).toEqual(before);
  }, 600_000);

  test('the same generated calls do reach the objects of the seller’s own customer (the test can fail)', async () => {
    const before = await snapshotOf(ownCustomer.id);
    const { answered, problems } = await attack(seller.token, 'seller on own customer', ownCustomer, true);
    expect(problems).toEqual([]);
    // Found and acted on (200), or found in a state the action does not fit (409, 422: e.g. a recharge or a
    // cancellation already decided by an earlier call, ids being shared across tables); never the 404 or the
    // 400 on ids that an object out of scope gets.
    const reached = (key: string) => (answered.get(key) ?? []).some((status) => [200, 409, 422].includes(status));
    for (const key of [
      'POST /api/admin/order/orders/cancelAudit',
      'POST /api/admin/order/billed',
      'POST /api/admin/order/review',
      'POST /api/admin/order/label/batchCreate',
      'POST /api/admin/channel/allot-channel',
      'GET /api/admin/user-channel',
      'POST /api/admin/balance/adjust',
      'POST /api/admin/wallet/creditLimit',
      'POST /api/admin/recharge/approve',
      'GET /api/admin/{id}',
      'POST /api/admin/addUserPriceRuleRelation',
      'POST /api/admin/workOrder/{id}/close',
    ]) {
      expect({ op: key, reached: reached(key) }).toEqual({ op: key, reached: true });
    }
    expect(await snapshotOf(ownCustomer.id)).not.toEqual(before);
  }, 600_000);
});
