import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectEnvelope,
  expectFieldError,
  type Json,
  loginToken,
  PNG,
  startApp,
  type TestApp,
  upload,
} from './helpers.ts';

const party = {
  personName: 'P',
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1: '1 Main St',
  zipCode: '10118',
};

describe('work orders', () => {
  let t: TestApp;
  let admin: string;
  let service: string;
  type Customer = Awaited<ReturnType<typeof createActiveCustomer>>;
  let merchant: Customer;

  const open = (token: string, payload: object) =>
    call(t.app, token, { method: 'POST', url: '/api/app/workOrder', payload });
  const detail = async (token: string, url: string) =>
    expectEnvelope(await call(t.app, token, { method: 'GET', url }), 200).data;
  const post = (token: string, url: string, payload?: object) =>
    call(t.app, token, { method: 'POST', url, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await startApp();
    admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
    service = (await createStaff(t, admin, ['customerService'])).token;
    merchant = await createActiveCustomer(t, admin);
  });
  afterAll(async () => t.close());

  test('subject and type are required; a waybill or file that is not mine is refused on its field', async () => {
    const empty = await open(merchant.token, { description: 'help' });
    expectFieldError(empty, 'subject');
    expectFieldError(empty, 'type');
    expectFieldError(await open(merchant.token, { type: 'tracking', subject: 'Where?', waybill: 'PX000' }), 'waybill');
    const other = await createActiveCustomer(t, admin);
    const theirs = expectEnvelope(await upload(t.app, other.token, 'a.png', PNG), 200).data;
    expectFieldError(
      await open(merchant.token, { type: 'claim', subject: 'Broken', attachmentId: theirs.id }),
      'attachmentId',
    );
    const mine = expectEnvelope(
      await call(t.app, merchant.token, { method: 'GET', url: '/api/app/workOrder/list' }),
      200,
    );
    expect(mine.data.total).toBe(0);
  });

  test('a merchant asks about a waybill, customer service answers with a file, the merchant is told and reads it', async () => {
    const draft = expectEnvelope(
      await call(t.app, merchant.token, {
        method: 'POST',
        url: '/api/app/order/draft',
        payload: { from: party, to: party, parcels: [{ length: 6, width: 6, height: 6, weight: 1 }] },
      }),
      200,
    ).data;
    const opened = expectEnvelope(
      await open(merchant.token, {
        type: 'tracking',
        subject: 'Parcel not moving',
        description: 'No scan for 5 days',
        waybill: draft.orderNo,
      }),
      200,
    ).data;
    expect(opened.ticketNo).toMatch(/^WO\d{11}$/);
    const url = `/api/app/workOrder/${opened.id}`;
    const ticket = await detail(merchant.token, url);
    expect(ticket).toMatchObject({
      subject: 'Parcel not moving',
      status: 0,
      waybill: { orderNo: draft.orderNo, status: 0 },
      replies: [],
    });

    expectEnvelope(await post(merchant.token, `${url}/reply`, { content: 'Any news?' }), 200);
    const queue = expectEnvelope(
      await call(t.app, service, { method: 'GET', url: `/api/admin/workOrder/list?keyword=${opened.ticketNo}` }),
      200,
    ).data;
    expect(queue.list).toHaveLength(1);
    expect(queue.list[0]).toMatchObject({
      lastReply: 'Any news?',
      lastReplySide: 'customer',
      user: { id: merchant.id },
    });

    const file = expectEnvelope(await upload(t.app, service, 'scan.png', PNG), 200).data;
    const answered = expectEnvelope(
      await post(service, `/api/admin/workOrder/${opened.id}/reply`, {
        content: 'The carrier scanned it today.',
        attachmentId: file.id,
      }),
      200,
    ).data;
    expect(answered.replies.map((reply: Json) => [reply.side, reply.content])).toEqual([
      ['customer', 'Any news?'],
      ['service', 'The carrier scanned it today.'],
    ]);
    const messages = expectEnvelope(
      await call(t.app, merchant.token, { method: 'GET', url: '/api/user/messages' }),
      200,
    );
    expect(messages.data.map((message: Json) => message.title)).toContain(`New reply on work order ${opened.ticketNo}`);
    const attachmentUrl = answered.replies[1].attachmentUrl as string;
    const seen = await call(t.app, merchant.token, { method: 'GET', url: attachmentUrl });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.subarray(0, 4)).toEqual(PNG.subarray(0, 4));
    const stranger = await createActiveCustomer(t, admin);
    expect((await call(t.app, stranger.token, { method: 'GET', url: attachmentUrl })).statusCode).toBe(404);
    expectEnvelope(await call(t.app, stranger.token, { method: 'GET', url }), 404);
  });

  test('closed after confirmation, a work order takes no reply until reopened; a cancelled one stays cancelled', async () => {
    const { id } = expectEnvelope(await open(merchant.token, { type: 'billing', subject: 'Invoice' }), 200).data;
    const url = `/api/app/workOrder/${id}`;
    expect(expectEnvelope(await post(merchant.token, `${url}/close`), 200).data.status).toBe(1);
    const refused = await post(merchant.token, `${url}/reply`, { content: 'one more thing' });
    expect(expectEnvelope(refused, 422).message).toBe('The work order is closed or cancelled; reopen it to reply');
    expectEnvelope(await post(service, `/api/admin/workOrder/${id}/reopen`), 200);
    expectEnvelope(await post(merchant.token, `${url}/reply`, { content: 'one more thing' }), 200);

    // Customer service closes and reopens but does not cancel the merchant's question.
    expect((await post(service, `/api/admin/workOrder/${id}/cancel`)).statusCode).toBe(404);
    expect(expectEnvelope(await post(merchant.token, `${url}/cancel`), 200).data.status).toBe(2);
    expectEnvelope(await post(merchant.token, `${url}/reopen`), 422);
    expectEnvelope(await post(merchant.token, `${url}/close`), 422);

    const cancelled = expectEnvelope(
      await call(t.app, merchant.token, { method: 'GET', url: '/api/app/workOrder/list?status=2' }),
      200,
    ).data;
    expect(cancelled.list.map((row: Json) => row.id)).toEqual([id]);
  });

  test('a merchant sees only its own work orders; staff need adminQuestionList', async () => {
    const other = await createActiveCustomer(t, admin);
    expectEnvelope(await open(other.token, { type: 'account', subject: 'Other' }), 200);
    const mine = expectEnvelope(
      await call(t.app, merchant.token, { method: 'GET', url: '/api/app/workOrder/list' }),
      200,
    );
    expect(mine.data.list.every((row: Json) => row.user.id === merchant.id)).toBe(true);
    const all = expectEnvelope(await call(t.app, service, { method: 'GET', url: '/api/admin/workOrder/list' }), 200);
    expect(all.data.total).toBe(mine.data.total + 1);
    const finance = await createStaff(t, admin, ['finance']);
    expectEnvelope(await call(t.app, finance.token, { method: 'GET', url: '/api/admin/workOrder/list' }), 403);
  });
});
