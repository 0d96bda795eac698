import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeEach, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp } from './helpers.ts';
import { classicRequests, type Operation, operationsOf, requestsOf, seedOf } from './openapi-inputs.ts';

/**
 * Issue 10: no input gets a 5xx, a hang or Fastify's own error body. Every operation of the app's OpenAPI
 * document is called, as a caller who may call it, with the fixed classes of bad input (openapi-inputs.ts
 * `classicRequests`) and with requests fast-check draws from its schemas (seeded per operation, so a run is
 * repeatable and a new route does not change the others' draws). Each answer of 400 or more must be the
 * envelope `{ code, message, data }` with `code` equal to the HTTP status and below 500, within the bound.
 */

/** Random requests per operation and caller. */
const RUNS = 6;
/** A bound for hangs, not a performance figure: any answer on an idle machine takes milliseconds. */
const ANSWER_WITHIN_MS = 10_000;
const SEED = 20_261_010;

const t = await startApp();
afterAll(async () => t.close());

const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
const operations = operationsOf(doc);

const adminId = 1;
let admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
const customer = await createActiveCustomer(t, admin);
await call(t.app, admin, {
  method: 'POST',
  url: '/api/admin/balance/adjust',
  payload: { userId: customer.id, currency: 'USD', amount: '500.00', remark: 'fuzz funds' },
});
await seedOrders();
// What the fuzzed calls may take away from the two accounts (status, roles), put back before each operation.
const rolesAtStart = await t.ctx.db
  .selectFrom('user_roles')
  .selectAll()
  .where('user_id', 'in', [adminId, customer.id])
  .execute();

/** A bought label and a draft, so that ids, downloads and order calls find something. */
async function seedOrders() {
  const address = {
    personName: 'Ada Shipper',
    phone: '310-555-0100',
    countryCode: 'US',
    stateCode: 'CA',
    city: 'Beverly Hills',
    addressLine1: '9450 Wilshire Blvd',
    zipCode: '90210',
  };
  const to = {
    ...address,
    personName: 'Grace Buyer',
    stateCode: 'NY',
    city: 'New York',
    addressLine1: '350 5th Ave',
    zipCode: '10118',
  };
  const parcels = [{ length: 10, width: 8, height: 4, weight: 2, insuredValue: '0' }];
  for (let i = 0; i < 2; i++) {
    const draft = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from: address, to, parcels },
    });
    expect(draft.statusCode).toBe(200);
    if (i === 1) continue;
    const orderId = draft.json().data.orderId;
    const quotes = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/estimateRateMix',
      payload: { orderId },
    });
    const serviceId = quotes.json().data[0].serviceId;
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    expect(bought.statusCode).toBe(200);
  }
}

/** Puts back what a fuzzed call may have changed on the test's own accounts, and signs in again if ended. */
async function restoreCallers() {
  await t.ctx.db.updateTable('users').set({ status: 1 }).where('id', 'in', [adminId, customer.id]).execute();
  for (const row of rolesAtStart) {
    const present = await t.ctx.db
      .selectFrom('user_roles')
      .select('user_id')
      .where('user_id', '=', row.user_id)
      .where('role_id', '=', row.role_id)
      .executeTakeFirst();
    if (!present) await t.ctx.db.insertInto('user_roles').values(row).execute();
  }
  const signedIn = async (token: string) =>
    (await call(t.app, token, { method: 'GET', url: '/api/user/info' })).statusCode === 200;
  if (!(await signedIn(admin))) admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  if (!(await signedIn(customer.token))) customer.token = await loginToken(t.app, customer.email, customer.password);
}

/** The admin holds every resource code; `/app/…` calls are a customer's, so they are made as both. */
function callersOf(op: Operation): { name: string; token: () => string }[] {
  const callers = [{ name: 'admin', token: () => admin }];
  if (op.path.startsWith('/api/app/')) callers.push({ name: 'customer', token: () => customer.token });
  return callers;
}

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);

function describeRequest(request: InjectOptions & { url: string }): string {
  const payload = request.payload;
  const body =
    payload === undefined
      ? ''
      : ` ${clip(typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('latin1') : JSON.stringify(payload))}`;
  const type = (request.headers as Record<string, string> | undefined)?.['content-type'];
  return `${request.method} ${clip(request.url)}${type ? ` [${clip(type, 40)}]` : ''}${body}`;
}

/** What is wrong with the answer to `request`, or null when it is fine. */
async function fault(request: InjectOptions & { url: string }, token: string): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ANSWER_WITHIN_MS);
  });
  const res = await Promise.race([call(t.app, token, request), timeout]).finally(() => clearTimeout(timer));
  if (res === 'timeout') return `no answer within ${ANSWER_WITHIN_MS} ms`;
  if (res.statusCode < 400) return null;
  let body: { code?: unknown; message?: unknown; data?: unknown };
  try {
    body = res.json();
  } catch {
    return `${res.statusCode} with a body that is not JSON: ${clip(res.body)}`;
  }
  if (res.statusCode >= 500) return `${res.statusCode}: ${clip(res.body)}`;
  const envelope =
    body.code === res.statusCode &&
    typeof body.message === 'string' &&
    body.message.length > 0 &&
    'data' in body &&
    String(res.headers['content-type']).startsWith('application/json');
  return envelope ? null : `${res.statusCode} not in the envelope: ${clip(res.body)}`;
}

describe('every operation answers bad input with a 4xx envelope', () => {
  beforeEach(restoreCallers);

  for (const op of operations) {
    test(op.key, { timeout: 300_000 }, async () => {
      const faults: string[] = [];
      const seed = seedOf(op.key, SEED);
      const random = fc.sample(requestsOf(op), { seed, numRuns: RUNS });
      const cases = [...classicRequests(op, seed), ...random.map((request, i) => ({ name: `random #${i}`, request }))];
      // Each case is sent as one of the callers in turn (both see every class, at half the cost).
      const callers = callersOf(op);
      for (const [i, { name, request }] of cases.entries()) {
        const caller = callers[i % callers.length] as (typeof callers)[number];
        const problem = await fault(request, caller.token());
        if (problem) faults.push(`${caller.name}, ${name}: ${describeRequest(request)} → ${problem}`);
        // A call that ended the caller's session or took its rights: restore before the next one.
        if (op.key === 'POST /api/admin/logout' || /status|role|token/i.test(op.path)) await restoreCallers();
      }
      expect(faults).toEqual([]);
    });
  }
});
