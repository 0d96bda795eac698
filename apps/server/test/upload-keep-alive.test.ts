import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, createActiveCustomer, loginToken, multipart, startApp, type TestApp } from './helpers.ts';

/**
 * Issue 25: an upload refused before its body was read (not a spreadsheet) left the rest of that body in
 * the keep-alive connection, and the connection stopped answering two calls later. Over a real listening
 * server (app.inject has no connection), each import route is sent a refused 600 KB upload and then two
 * more uploads on the same connection, and every one of them must be answered.
 */

let t: TestApp;
let port: number;
let tokens: { admin: string; customer: string };
let serviceId: number;

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  tokens = { admin, customer: (await createActiveCustomer(t, admin)).token };
  serviceId = (await t.ctx.db.selectFrom('carrier_services').select('id').executeTakeFirstOrThrow()).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

/** How long one answer may take before the call counts as hung (far above a local upload's time). */
const ANSWER_WITHIN_MS = 5_000;

interface Answer {
  status: number;
  reused: boolean;
}

/** Posts one upload over `agent`, failing (naming the call) if no answer comes within ANSWER_WITHIN_MS. */
function post(agent: http.Agent, path: string, token: string, body: ReturnType<typeof multipart>, label: string) {
  return new Promise<Answer>((resolve, reject) => {
    const headers = { ...body.headers, authorization: `Bearer ${token}`, 'accept-language': 'en-US' };
    const req = http.request(
      { host: '127.0.0.1', port, path, method: 'POST', headers, agent, signal: AbortSignal.timeout(ANSWER_WITHIN_MS) },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      },
    );
    req.on('error', (error) => reject(new Error(`${label} got no answer: ${error.message}`)));
    req.end(body.payload);
  });
}

/** 600 KB named as a PDF: refused as "not xlsx/csv" before a byte of it is read. */
const NOT_A_SHEET = multipart('scan.pdf', Buffer.alloc(600 * 1024, 37), 'application/pdf');
/** A small sheet each route reads and takes. */
const csv = (text: string) => multipart('sheet.csv', Buffer.from(text), 'text/csv');
const ORDERS = csv('Recipient name\nGrace\n');

describe('an upload refused early leaves the keep-alive connection usable', () => {
  test.each([
    ['/api/app/order/import/headers', 'customer', ORDERS],
    ['/api/app/order/import', 'customer', ORDERS],
    ['/api/admin/channel/zone-chart', 'admin', csv('origin,destination,zone\n902,100-104,4\n')],
    ['/api/admin/channel/service/{id}/rates', 'admin', csv('weight,Zone 1\n1,1.00\n')],
  ] as const)('%s answers a refused 600 KB upload and the two uploads after it', async (route, holder, sheet) => {
    const path = route.replace('{id}', String(serviceId));
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sequence = [NOT_A_SHEET, NOT_A_SHEET, sheet];
      const answers: Answer[] = [];
      for (const [index, body] of sequence.entries()) {
        answers.push(await post(agent, path, tokens[holder], body, `upload ${index + 1} to ${path}`));
      }
      expect(answers.map((answer) => answer.status)).toEqual([400, 400, 200]);
      // The same connection answered all three: nothing was closed and reopened in between.
      expect(answers.map((answer) => answer.reused)).toEqual([false, true, true]);
    } finally {
      agent.destroy();
    }
  });
});
