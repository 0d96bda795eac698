import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  countRows,
  createActiveCustomer,
  expectEnvelope,
  login,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

describe('sign-in failures per account', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createActiveCustomer>>;
  beforeAll(async () => {
    t = await startApp();
    customer = await createActiveCustomer(t, await loginToken(t.app, ADMIN.username, ADMIN.password));
  });
  afterAll(async () => t.close());

  const lockedUntil = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('login_throttles')
          .select('locked_until')
          .where('username', '=', customer.email)
          .executeTakeFirst()
      )?.locked_until ?? 0,
    );
  /** As if the lock had run out. */
  const endLock = () =>
    t.ctx.db
      .updateTable('login_throttles')
      .set({ locked_until: Date.now() - 1 })
      .where('username', '=', customer.email)
      .execute();

  test('after five failures in a row the account is refused with 429, even with the right password', async () => {
    for (let i = 0; i < 5; i++) expectEnvelope(await login(t.app, customer.email, 'Wrong#Pass1'), 401);
    const sessions = await countRows(t, 'sessions');
    const locked = await login(t.app, customer.email.toUpperCase(), customer.password);
    expect(expectEnvelope(locked, 429).message).toMatch(
      /^Too many failed sign-ins for this account; try again in \d+ minutes$/,
    );
    expect(await countRows(t, 'sessions')).toBe(sessions);
    // The lock is kept in the database, where every instance reads it.
    expect(await lockedUntil()).toBeGreaterThan(Date.now() + 10 * 60_000);
    // Other accounts are not held up.
    expectEnvelope(await login(t.app, ADMIN.username, ADMIN.password), 200);
  });

  test('each further lock is longer; a successful sign-in forgets them', async () => {
    const first = (await lockedUntil()) - Date.now();
    await endLock();
    for (let i = 0; i < 5; i++) expectEnvelope(await login(t.app, customer.email, 'Wrong#Pass1'), 401);
    expectEnvelope(await login(t.app, customer.email, customer.password), 429);
    expect((await lockedUntil()) - Date.now()).toBeGreaterThan(first + 10 * 60_000);

    await endLock();
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
    expect(await lockedUntil()).toBe(0);
    for (let i = 0; i < 4; i++) expectEnvelope(await login(t.app, customer.email, 'Wrong#Pass1'), 401);
    expectEnvelope(await login(t.app, customer.email, customer.password), 200);
  });

  test('an unknown username is counted the same way, so a lock says nothing about the account', async () => {
    for (let i = 0; i < 5; i++) expectEnvelope(await login(t.app, 'nobody@shop.test', 'Wrong#Pass1'), 401);
    expectEnvelope(await login(t.app, 'nobody@shop.test', 'Wrong#Pass1'), 429);
  });
});

describe('registration codes are limited', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ loginRateLimit: 4 });
  });
  afterAll(async () => t.close());

  const send = (email: string, ip = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/code/send',
      payload: { email },
      remoteAddress: ip,
      headers: { 'accept-language': 'en-US' },
    });

  test('per address: five an hour, whoever asks', async () => {
    const email = 'hourly@shop.test';
    for (let i = 0; i < 5; i++) {
      expectEnvelope(await send(email, `10.0.0.${i + 1}`), 200);
      await t.ctx.db
        .updateTable('verification_codes')
        .set((eb) => ({ created_at: eb('created_at', '-', 61_000) }))
        .where('email', '=', email)
        .execute();
    }
    const mails = await countRows(t, 'mail_outbox');
    const sixth = await send(email, '10.0.0.9');
    expect(expectEnvelope(sixth, 429).message).toBe('Too many codes were sent to this address; try again in an hour');
    expect(await countRows(t, 'mail_outbox')).toBe(mails);
  });

  test('per client: a client sending codes to many addresses is held up', async () => {
    for (let i = 0; i < 4; i++) expectEnvelope(await send(`many-${i}@shop.test`, '10.1.1.1'), 200);
    expectEnvelope(await send('many-5@shop.test', '10.1.1.1'), 429);
    expectEnvelope(await send('many-5@shop.test', '10.1.1.2'), 200);
  });
});
