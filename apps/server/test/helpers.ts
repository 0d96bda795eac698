import { constants, createHash, publicEncrypt, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import type { LogStream } from '../src/http/logging.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { insertUser } from '../src/modules/users/repo.ts';
import {
  createTestDatabase,
  databaseUrl,
  dropTestDatabase,
  migratedSqliteImage,
  TEST_SCHEMA,
} from './test-databases.ts';
import { until } from './waits.ts';

export const ADMIN = { username: 'admin@example.com', password: 'Admin#2026' };
export const onPostgres = process.env.TEST_DB === 'postgres';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  config: Config;
  close(): Promise<void>;
}

/**
 * A real app on a real, empty database: an in-memory SQLite file (a copy of one already migrated, unless the
 * test names a file), or (TEST_DB=postgres) a database of its own in the local PostgreSQL (test-databases.ts),
 * dropped afterwards. Its log is off unless `logStream` is given.
 */
export async function startApp(
  overrides: Partial<Config> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestApp> {
  const database = onPostgres ? await createTestDatabase() : '';
  const config: Config = {
    ...loadConfig({}),
    sqliteFile: ':memory:',
    databaseUrl: onPostgres ? databaseUrl(database) : '',
    databaseSchema: onPostgres ? TEST_SCHEMA : '',
    adminEmail: ADMIN.username,
    adminPassword: ADMIN.password,
    webDist: '/nonexistent',
    loginRateLimit: 1000,
    ...overrides,
  };
  const sqliteImage = !onPostgres && config.sqliteFile === ':memory:' ? await migratedSqliteImage() : undefined;
  // Silent, unless a test reads the log lines.
  const { app, ctx } = await buildApp(config, {
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
    sqliteImage,
  });
  await app.ready();
  return {
    app,
    ctx,
    config,
    async close() {
      await app.close();
      if (onPostgres) await dropTestDatabase(database);
    },
  };
}

/**
 * Two app instances on one database, as behind a load balancer: `first` with its workers, `second` without
 * (on SQLite, one file in a folder of its own, removed by `close`).
 */
export async function startTwoInstances(): Promise<{
  first: TestApp;
  second: FastifyInstance;
  close(): Promise<void>;
}> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pp-two-instances-'));
  const first = await startApp({ dataDir, sqliteFile: path.join(dataDir, 'shared.db') });
  const second = (await buildApp(first.config, { logger: false, worker: false })).app;
  await second.ready();
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the web client does: RSA-OAEP (SHA-256) over the JSON credentials with the served public key. */
export async function encryptCredentials(app: FastifyInstance, credentials: object): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/publicKey' });
  const publicKey = res.json().data.publicKey as string;
  return publicEncrypt(
    { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(JSON.stringify(credentials)),
  ).toString('base64');
}

export async function login(app: FastifyInstance, username: string, password: string) {
  const encryptData = await encryptCredentials(app, { username, password });
  return app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { encryptData },
    headers: { 'accept-language': 'en-US' },
  });
}

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const res = await login(app, username, password);
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  return res.json().data.token;
}

/** An injected call as the holder of `token`, in English. */
export function call(app: FastifyInstance, token: string | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: {
      'accept-language': 'en-US',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...options.headers,
    },
  });
}

/** Registers a customer through the real code mail, activates it as the admin, and signs it in. */
export async function createActiveCustomer(
  t: TestApp,
  adminToken: string,
  email = `c${randomUUID().slice(0, 8)}@shop.test`,
  password = 'Customer#1',
  extra: Record<string, string> = {},
) {
  await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
  const code = await latestCode(t, email);
  const res = await call(t.app, null, {
    method: 'POST',
    url: '/api/user/register',
    payload: {
      email,
      phone: '+1 555 0100',
      code,
      company: 'Shop Co',
      firstName: 'Ada',
      lastName: 'Shop',
      password,
      confirmPassword: password,
      ...extra,
    },
  });
  if (res.statusCode !== 200) throw new Error(`register failed: ${res.body}`);
  const user = await t.ctx.db.selectFrom('users').select('id').where('username', '=', email).executeTakeFirstOrThrow();
  await call(t.app, adminToken, { method: 'POST', url: `/api/admin/updateStatus/${user.id}`, payload: { status: 1 } });
  return { id: user.id, email, password, token: await loginToken(t.app, email, password) };
}

/** Credits a customer's USD wallet through the staff adjustment, as an operator tops one up by hand. */
export async function fundWallet(app: FastifyInstance, adminToken: string, userId: number, amount: string) {
  const res = await call(app, adminToken, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId, currency: 'USD', amount, remark: 'test funds' },
  });
  if (res.statusCode !== 200) throw new Error(`balance adjust failed: ${res.body}`);
}

/** The newest mail to `email` in the outbox, whole. */
function latestMail(t: TestApp, email: string) {
  return t.ctx.db
    .selectFrom('mail_outbox')
    .select('body')
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

/** The verification code from the newest mail to `email` in the outbox. */
export async function latestCode(t: TestApp, email: string): Promise<string> {
  const mail = await latestMail(t, email);
  const match = /\b(\d{6})\b/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.body}`);
  return match[1];
}

/** RSA-OAEP over any text (not only credentials JSON), to send login bodies the web client never would. */
export async function encryptRaw(app: FastifyInstance, text: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/api/admin/publicKey' });
  return publicEncrypt(
    { key: res.json().data.publicKey as string, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  ).toString('base64');
}

// biome-ignore lint/suspicious/noExplicitAny: tests read answer bodies loosely and assert on them.
export type Json = any;

/** Asserts the docs/design.md §4 envelope with the HTTP status as `code` and a message; returns the body. */
export function expectEnvelope(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  status: number,
): { code: number; message: string; data: Json } {
  const body = res.json() as { code: number; message: string; data: Json };
  expect({ status: res.statusCode, code: body.code }).toEqual({ status, code: status });
  expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body).toHaveProperty('data');
  return body;
}

/** A new API key of the signed-in merchant (`token`), as answered: its id, and its secret `key`, shown once. */
export async function makeApiKey(app: FastifyInstance, token: string, payload: object): Promise<Json> {
  return expectEnvelope(await call(app, token, { method: 'POST', url: '/api/app/user/apiKey', payload }), 200).data;
}

/** Asserts a 400 envelope whose `data.fields` names `field`; returns that field's message. */
export function expectFieldError(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  field: string,
): string {
  const body = expectEnvelope(res, 400);
  expect(Object.keys(body.data?.fields ?? {})).toContain(field);
  return body.data.fields[field] as string;
}

export async function countRows(
  t: TestApp,
  table: 'sessions' | 'users' | 'mail_outbox' | 'user_logs' | 'verification_codes',
): Promise<number> {
  const row = await t.ctx.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Role code → id, as the administrator sees them on GET /api/role/list. */
/**
 * Gives a built-in role one more resource code, as an operator may (e.g. the seller the channel code): the
 * object scope alone then keeps its holders to their own customers.
 */
export async function grantToRole(t: TestApp, roleCode: string, resourceCode: string): Promise<void> {
  await t.ctx.db
    .insertInto('role_resources')
    .columns(['role_id', 'resource_id'])
    .expression((eb) =>
      eb
        .selectFrom('roles')
        .innerJoin('resources', (join) => join.on('resources.code', '=', resourceCode))
        .select(['roles.id as role_id', 'resources.id as resource_id'])
        .where('roles.code', '=', roleCode),
    )
    .execute();
}

export async function roleIds(t: TestApp, adminToken: string): Promise<Record<string, number>> {
  const res = await call(t.app, adminToken, { method: 'GET', url: '/api/role/list' });
  if (res.statusCode !== 200) throw new Error(`role list failed: ${res.body}`);
  return Object.fromEntries((res.json().data as { id: number; code: string }[]).map((role) => [role.code, role.id]));
}

/**
 * An active employee: the row is written to the database (there is no staff registration screen yet),
 * its roles are given through POST /api/staff/role/update as an administrator would, and it signs in.
 */
export async function createStaff(
  t: TestApp,
  adminToken: string,
  roles: string[],
  options: { email?: string; password?: string; invitationCode?: string | null; status?: number } = {},
) {
  const email = options.email ?? `s${randomUUID().slice(0, 8)}@staff.test`;
  const password = options.password ?? 'Staff#2026';
  const now = Date.now();
  const id = await insertUser(
    t.ctx.db,
    {
      username: email,
      email,
      name: 'Staff Member',
      kind: 'staff',
      password_hash: await hashPassword(password),
      status: 1,
      invitation_code: options.invitationCode ?? null,
      created_at: now,
      updated_at: now,
    },
    [],
  );
  const ids = await roleIds(t, adminToken);
  const res = await call(t.app, adminToken, {
    method: 'POST',
    url: '/api/staff/role/update',
    payload: { userId: id, roleIds: roles.map((code) => ids[code]) },
  });
  if (res.statusCode !== 200) throw new Error(`role update failed: ${res.body}`);
  if (options.status !== undefined && options.status !== 1) {
    await t.ctx.db.updateTable('users').set({ status: options.status }).where('id', '=', id).execute();
    return { id, email, password, token: '' };
  }
  return { id, email, password, token: await loginToken(t.app, email, password) };
}

/** Mails a registration code to `email` and reads it from the outbox. */
export async function sendCode(t: TestApp, email: string): Promise<string> {
  const res = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
  if (res.statusCode !== 200) throw new Error(`code send failed: ${res.body}`);
  return latestCode(t, email);
}

/** A complete, valid registration body; override any field. */
export function registration(email: string, code: string, overrides: Record<string, unknown> = {}) {
  return {
    email,
    phone: '+1 555 0100',
    code,
    company: 'Shop Co',
    firstName: 'Ada',
    lastName: 'Shop',
    password: 'Customer#1',
    confirmPassword: 'Customer#1',
    ...overrides,
  };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A multipart body with one file in the field `file`. */
/** A multipart body of one file, after `fields` (sent first, as the upload forms send them). */
export function multipart(
  filename: string,
  bytes: Buffer,
  contentType = 'image/png',
  fields: Record<string, string> = {},
) {
  const boundary = '----parcelport-test';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    `${parts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, bytes, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest file the image upload takes: the PNG signature and some bytes. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

/** Uploads a file as POST /api/app/attachment/upload/image does it from the app. */
export async function upload(
  app: FastifyInstance,
  token: string,
  filename: string,
  bytes: Buffer,
  contentType?: string,
) {
  const body = multipart(filename, bytes, contentType);
  return call(app, token, { method: 'POST', url: '/api/app/attachment/upload/image', ...body });
}

export const labelAddress = (zipCode: string, city: string, stateCode: string) => ({
  personName: 'P',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});

/**
 * Buys a USPS Ground Advantage label (a real one, charged, unless `isTest`: a test label costs nothing and
 * is tracked on the test schedule) for a new one-parcel draft of the holder of `token`, who needs the
 * funds; answers the order and its tracking number.
 */
export async function buyLabel(app: FastifyInstance, token: string, isTest = false) {
  const from = labelAddress('90210', 'Beverly Hills', 'CA');
  const to = labelAddress('10118', 'New York', 'NY');
  const { orderId } = (
    await call(app, token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from, to, parcels: [{ length: 5, width: 5, height: 5, weight: 1 }], isTest },
    })
  ).json().data;
  const line = (await call(app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } }))
    .json()
    .data.find((l: { serviceCode: string }) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const order = (
    await call(app, token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId: line.serviceId },
    })
  ).json().data;
  return { orderId: orderId as number, tracking: order.tackNo as string };
}

/** An address-book entry (POST /api/app/user/address) the book takes, titled `title`. */
export const addressBookEntry = (title: string) => ({
  title,
  personName: 'Ann Lee',
  phone: '2125550100',
  countryCode: 'US',
  stateCode: 'NY',
  city: 'NEW YORK',
  addressLine1: '350 5TH AVE',
  zipCode: '10118',
});

/** A user's USD wallet as kept: its available balance and its frozen earnest, in cents. */
export function usdWallet(t: TestApp, userId: number) {
  return t.ctx.db
    .selectFrom('wallets')
    .select(['balance', 'earnest_balance'])
    .where('user_id', '=', userId)
    .where('currency', '=', 'USD')
    .executeTakeFirstOrThrow();
}

/** The id of a seeded demo channel by its carrier (the bill tests' channel). */
export async function demoChannelId(t: TestApp, carrier: 'USPS' | 'UPS' | 'FEDEX' = 'USPS'): Promise<number> {
  const channel = await t.ctx.db
    .selectFrom('channels')
    .select('id')
    .where('carrier_code', '=', carrier)
    .executeTakeFirstOrThrow();
  return Number(channel.id);
}

const IMPORT_HEADER =
  'Sender name,Sender address 1,Sender city,Sender state,Sender ZIP,Recipient name,Recipient address 1,Recipient city,Recipient state,Recipient ZIP,Length,Width,Height';

/**
 * `count` drafts through the real import (a csv sheet, Beverly Hills to Austin), the recipients named
 * `${prefix}0`, `${prefix}1`…; answers the import's batch number.
 */
export async function importDrafts(app: FastifyInstance, token: string, count: number, prefix: string) {
  const rows = Array.from(
    { length: count },
    (_, i) => `Ada,9450 Wilshire Blvd,Beverly Hills,CA,90210,${prefix}${i},${i} Main St,Austin,TX,78701,10,8,4`,
  );
  const body = multipart('orders.csv', Buffer.from([IMPORT_HEADER, ...rows].join('\n')), 'text/csv');
  const res = await call(app, token, { method: 'POST', url: '/api/app/order/import', ...body });
  const answer = res.json().data;
  if (answer?.created !== count || answer.errors.length > 0) throw new Error(`import failed: ${res.body}`);
  return answer.batchNo as string;
}

/**
 * Invites a team member of the merchant signed in with `ownerToken` (issue 30), accepts the invitation
 * through the link mailed to them, and signs the member in.
 */
export async function createMember(t: TestApp, ownerToken: string, permissions: string[], password = 'Member#2026') {
  const email = `m${randomUUID().slice(0, 8)}@team.test`;
  const invited = await call(t.app, ownerToken, {
    method: 'POST',
    url: '/api/app/team/members',
    payload: { email, permissions },
  });
  if (invited.statusCode !== 200) throw new Error(`invite failed: ${invited.body}`);
  const token = await latestInvitation(t, email);
  const accepted = await call(t.app, null, {
    method: 'POST',
    url: '/api/user/team/accept',
    payload: { token, firstName: 'Mia', lastName: 'Member', password, confirmPassword: password },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return { id: invited.json().data.id as number, email, password, token: await loginToken(t.app, email, password) };
}

/** The token of the newest invitation link mailed to `email`. */
export async function latestInvitation(t: TestApp, email: string): Promise<string> {
  const mail = await latestMail(t, email);
  const match = /acceptInvitation\?token=([\w-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no invitation link in mail: ${mail.body}`);
  return match[1];
}

/**
 * Waits until a job (a batch) has finished, asking its state as the merchant would; bounded only by the test's
 * own time limit, so a busy machine is slower, never failing.
 */
export async function waitForJob(app: FastifyInstance, token: string, jobId: number) {
  for (;;) {
    const job = (await call(app, token, { method: 'GET', url: `/api/app/jobs/${jobId}` })).json().data;
    if (job.status === 'done' || job.status === 'cancelled') return job;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until every carrier push taken so far is applied (the inbox holds none still to apply: none but those
 * given up on, and none waiting to be tried again), and answers what is left in it.
 */
export async function pushesApplied(t: Pick<TestApp, 'ctx'>) {
  return until(
    () => t.ctx.db.selectFrom('carrier_pushes').selectAll().execute(),
    (rows) => rows.every((row) => row.gave_up_at !== null),
    'the carrier pushes applied',
  );
}
