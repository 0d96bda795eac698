import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  encryptCredentials,
  latestCode,
  loginToken,
  onPostgres,
  registration,
  sendCode,
  startApp,
  type TestApp,
} from './helpers.ts';

const newEmail = (prefix: string) => `${prefix}.${Math.random().toString(36).slice(2, 10)}@shop.test`;

/** The newest mail to `email` as the outbox table holds it (the API masks it). */
const storedMail = (t: TestApp, email: string) =>
  t.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const outboxApi = async (t: TestApp, admin: string, email: string) =>
  (
    await call(t.app, admin, {
      method: 'GET',
      url: `/api/admin/mail/outbox?recipient=${encodeURIComponent(email)}`,
    })
  ).json().data.list;

describe('logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await startApp({}, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(async () => t.close());

  test('carry no token, password, code, reset link or encrypted credentials, in request lines or mail lines', async () => {
    const encryptData = await encryptCredentials(t.app, ADMIN);
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login', payload: { encryptData } });
    const token = login.json().data.token as string;
    expect((await call(t.app, token, { method: 'GET', url: `/api/user/info?lang=en&token=${token}` })).statusCode).toBe(
      200,
    );

    const email = newEmail('logged');
    const code = await sendCode(t, email);
    const password = 'Logged#2026';
    const registered = await call(t.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, code, { password, confirmPassword: password }),
    });
    expect(registered.statusCode).toBe(200);

    await call(t.app, null, { method: 'POST', url: '/api/user/password/forgot', payload: { email } });
    const link = /https?:\/\/\S+/.exec((await storedMail(t, email)).body)?.[0] ?? '';
    const resetToken = new URL(link).searchParams.get('token') ?? '';
    expect(resetToken).not.toBe('');
    // The mailed link, opened in a browser, is a request to this server too.
    await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search });

    const log = lines.join('');
    // The calls were logged...
    expect(log).toContain(`"url":"/api/user/info?lang=en&token=[redacted]"`);
    expect(log).toContain(`"url":"/resetPassword?token=[redacted]"`);
    expect(log).toContain('mail kept in the outbox');
    // ...without what they carried.
    for (const secret of [token, encryptData, code, password, resetToken, ADMIN.password]) {
      expect(log).not.toContain(secret);
    }
  });

  test('censor secret fields of whatever object is logged', async () => {
    lines.length = 0;
    t.app.log.warn(
      {
        token: 'tok-1',
        body: { password: 'pw-1', encryptData: 'enc-1', code: '424242' },
        headers: { authorization: 'Bearer tok-2' },
      },
      'an object with secrets',
    );
    t.app.log.error({ err: Object.assign(new Error('connect failed'), { code: 'ECONNREFUSED' }) }, 'an error');
    const line = lines.join('');
    expect(line).toContain('an object with secrets');
    for (const secret of ['tok-1', 'pw-1', 'enc-1', '424242', 'tok-2']) expect(line).not.toContain(secret);
    // What says why something failed stays.
    expect(line).toContain('"code":"ECONNREFUSED"');
  });
});

describe('mail outbox without SMTP', () => {
  let t: TestApp;
  let admin: string;
  let dir: string;

  beforeAll(async () => {
    // A file of its own on SQLite, so that `npm run outbox` (another process) can read it.
    dir = mkdtempSync(path.join(tmpdir(), 'outbox-'));
    t = await startApp(onPostgres ? {} : { sqliteFile: path.join(dir, 'parcelport.db') });
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the API shows codes and reset links masked; the whole mail waits in the table for the operator', async () => {
    const email = newEmail('outbox');
    const code = await sendCode(t, email);
    const [codeMail] = await outboxApi(t, admin, email);
    expect(codeMail.body).toContain('[redacted]');
    expect(codeMail.body).not.toContain(code);
    expect(codeMail.subject).toBe('Your registration code');
    // Unsent (no SMTP): the table keeps the code, which is how the operator reads it.
    expect((await storedMail(t, email)).body).toContain(code);

    await call(t.app, null, {
      method: 'POST',
      url: '/api/user/register',
      payload: registration(email, code),
    });
    await call(t.app, null, { method: 'POST', url: '/api/user/password/forgot', payload: { email } });
    const [resetMail] = await outboxApi(t, admin, email);
    expect(resetMail.body).toContain('[redacted]');
    expect(resetMail.body).not.toMatch(/token=|https?:\/\//);
    // The whole link: a token is 32 random bytes in base64url (43 of A-Z a-z 0-9 - _).
    expect((await storedMail(t, email)).body).toMatch(/\/resetPassword\?token=[\w-]{43}\s/);
  });

  test('`npm run outbox` prints the waiting mails whole, with the server settings', async () => {
    const email = newEmail('cli');
    const code = await sendCode(t, email);
    const env = onPostgres
      ? { DATABASE_URL: t.config.databaseUrl, DATABASE_SCHEMA: t.config.databaseSchema }
      : { SQLITE_FILE: t.config.sqliteFile };
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(import.meta.dirname, '../src/outbox.ts'), email],
      { env: { ...process.env, ...env } },
    );
    expect(stdout).toContain(`To: ${email}`);
    expect(stdout).toContain(code);
    expect(code).toBe(await latestCode(t, email));
  });
});

/** Just enough of an SMTP server for nodemailer: takes every mail and keeps its data. */
async function smtpSink() {
  const received: string[] = [];
  const server = createServer((socket) => {
    let data: string | null = null;
    let buffer = '';
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      for (;;) {
        if (data !== null) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          received.push(data + buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const command = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (command.startsWith('EHLO') || command.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (command.startsWith('DATA')) {
          data = '';
          socket.write('354 go on\r\n');
        } else if (command.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, received, url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('mail outbox with SMTP', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof smtpSink>>;

  beforeAll(async () => {
    sink = await smtpSink();
    t = await startApp({ smtpUrl: sink.url });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => (sink.server as Server).close(resolve));
  });

  test('a code goes out through SMTP and only its masked body is stored', async () => {
    const email = newEmail('smtp');
    const sent = await call(t.app, null, { method: 'POST', url: '/api/user/code/send', payload: { email } });
    expect(sent.statusCode).toBe(200);
    const stored = await storedMail(t, email);
    expect(stored.sent_at).not.toBeNull();
    expect(stored.body).toContain('[redacted]');
    const code = /\b(\d{6})\b/.exec(sink.received.join('\n'))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(stored.body).not.toContain(code);
    expect(JSON.stringify(stored)).not.toContain(code);
  });
});
