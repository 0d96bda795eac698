/**
 * Issue 26: Chinese text on a label. The label's fonts had no CJK glyphs, so a Chinese reference printed
 * as '???'. Text for the merchant's own use may be in any script and is drawn with the embedded CJK font;
 * the address fields a carrier reads must be in Latin letters, and a purchase with other letters there is
 * refused naming the field.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  ADMIN,
  call,
  createActiveCustomer,
  fundWallet,
  labelAddress,
  loginToken,
  startApp,
  type TestApp,
} from './helpers.ts';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startApp();
  const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
  const customer = await createActiveCustomer(t, admin);
  await fundWallet(t.app, admin, customer.id, '50.00');
  token = customer.token;
});
afterAll(async () => {
  await t?.close();
});

/** Saves a draft and answers the purchase's response with the first USPS Ground Advantage rate. */
async function buy(order: Record<string, unknown>) {
  const draft = await call(t.app, token, { method: 'POST', url: '/api/app/order/draft', payload: order });
  expect(draft.statusCode).toBe(200);
  const { orderId } = draft.json().data;
  const rates = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/estimateRateMix',
    payload: { orderId },
  });
  const line = rates.json().data.find((l: { serviceCode: string }) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const res = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId: line.serviceId },
  });
  return { orderId: orderId as number, res };
}

/** The label's text as a reader of the PDF gets it. */
async function labelText(orderId: number): Promise<string> {
  const res = await call(t.app, token, { method: 'GET', url: `/api/app/order/label/downPdf?ids=${orderId}` });
  expect(res.statusCode).toBe(200);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pp-label-scripts-')), 'label.pdf');
  writeFileSync(file, res.rawPayload);
  return spawnSync('pdftotext', ['-raw', file, '-']).stdout.toString();
}

const parcel = { length: 5, width: 5, height: 5, weight: 1 };

describe('Chinese text on a label', () => {
  test('references and notes in Chinese print as written, and the label has no "?" the order lacked', async () => {
    const order = {
      from: labelAddress('90210', 'Beverly Hills', 'CA'),
      to: labelAddress('10118', 'New York', 'NY'),
      parcels: [{ ...parcel, reference: '包裹一号', reference2: '易碎品' }],
      reference1: '订单参考甲',
      reference2: '订单参考乙',
      remark: '请轻拿轻放，谢谢！',
      extra: { description: '女士连衣裙' },
      isTest: true,
    };
    const { orderId, res } = await buy(order);
    expect(res.statusCode).toBe(200);
    const text = await labelText(orderId);
    expect(text).toContain('包裹一号');
    expect(text).toContain('易碎品');
    expect(text).not.toContain('?');
  });

  test('a purchase whose recipient is named in Chinese is refused naming the field, in the caller’s language', async () => {
    const to = { ...labelAddress('10118', 'New York', 'NY'), personName: '张伟', company: 'Müller & Søn' };
    const order = { from: labelAddress('90210', 'Beverly Hills', 'CA'), to, parcels: [parcel], isTest: true };
    const { orderId, res } = await buy(order);
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual({ 'to.personName': expect.stringContaining('Latin letters') });
    expect(res.json().message).toBe('Carriers need Latin letters (English or pinyin); rewrite: to.personName');

    const zh = await call(t.app, token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId: 1 },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.fields['to.personName']).toContain('拉丁字母');
  });
});
