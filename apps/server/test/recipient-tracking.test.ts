/**
 * The recipient's side of a label (issue 28): the public tracking page (what it shows and never shows,
 * its languages, its 404 and rate limit), the brand it is shown under (the merchant's, else its seller's
 * or proxy's), and the notices mailed on the parcel's way (switched per event, once per event, in the
 * merchant's language from its templates).
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { backfillTrackingPages } from '../src/db/migrations/0070_recipient_tracking.ts';
import { noticeRecipient } from '../src/modules/notices/service.ts';
import { applyEvents } from '../src/modules/tracking/apply.ts';
import { parcelByTrackingNo } from '../src/modules/tracking/repo.ts';
import {
  ADMIN,
  call,
  createActiveCustomer,
  createStaff,
  expectFieldError,
  fundWallet,
  labelAddress,
  loginToken,
  PNG,
  startApp,
  type TestApp,
  upload,
} from './helpers.ts';

/** The recipient as the merchant typed them: only the city, state and country may ever be shown. */
const RECIPIENT = {
  personName: 'Grace Hopper',
  company: 'Navy Yard Supplies',
  phone: '212-555-0199',
  email: 'grace.hopper@recipient.test',
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1: '350 Fifth Avenue',
  addressLine2: 'Suite 7101',
  zipCode: '10118',
};
const PRIVATE = ['Grace', 'Hopper', 'Navy Yard', '212-555-0199', 'grace.hopper', '350 Fifth', 'Suite 7101', '10118'];

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => {
  await t.close();
});

async function merchant(extra: Record<string, string> = {}) {
  const customer = await createActiveCustomer(t, admin, undefined, undefined, extra);
  await fundWallet(t.app, admin, customer.id, '100');
  return customer;
}

/** Buys a label to RECIPIENT; answers the order, its tracking number and its page's public id. */
async function buyTo(token: string) {
  const { orderId } = (
    await call(t.app, token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: {
        from: labelAddress('90210', 'Beverly Hills', 'CA'),
        to: RECIPIENT,
        parcels: [{ length: 5, width: 5, height: 5, weight: 1 }],
        reference1: 'SHOP-1001',
      },
    })
  ).json().data;
  const line = (
    await call(t.app, token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: { orderId } })
  )
    .json()
    .data.find((l: { serviceCode: string }) => l.serviceCode === 'USPS_GROUND_ADVANTAGE');
  const bought = await call(t.app, token, {
    method: 'POST',
    url: '/api/app/order/label/create',
    payload: { orderId, serviceId: line.serviceId },
  });
  expect(bought.statusCode).toBe(200);
  const links = await call(t.app, token, { method: 'GET', url: `/api/app/tracking/links?orderIds=${orderId}` });
  const [link] = links.json().data as { orderId: number; url: string }[];
  const publicId = (link?.url ?? '').split('/t/')[1] as string;
  return { orderId: orderId as number, tracking: bought.json().data.tackNo as string, publicId, url: link?.url };
}

const scan = async (tracking: string, status: number, description = `status ${status}`) => {
  const parcel = await parcelByTrackingNo(t.ctx.db, tracking);
  if (!parcel) throw new Error('no parcel');
  await applyEvents(t.ctx, parcel, [{ status, description, location: 'NEW YORK, NY', occurredAt: Date.now() }]);
};

const page = (publicId: string, headers: Record<string, string> = {}, query = '') =>
  t.app.inject({ method: 'GET', url: `/t/${publicId}${query}`, headers });

const mailsTo = (email: string) =>
  t.ctx.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).orderBy('id').execute();

describe('the public tracking page', () => {
  test('a bought label has a page at an unguessable id; it shows the state and timeline, and of the recipient only the city, state and country', async () => {
    const shop = await merchant();
    const label = await buyTo(shop.token);
    expect(label.url).toBe(`${t.config.publicUrl}/t/${label.publicId}`);
    expect(label.publicId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(label.publicId).not.toContain(label.tracking);
    await scan(label.tracking, TRACKING_STATUS.inTransit, 'Accepted at USPS facility');

    const json = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${label.publicId}` });
    expect(json.statusCode).toBe(200);
    const data = json.json().data;
    expect(data).toMatchObject({
      status: TRACKING_STATUS.inTransit,
      state: '运输途中',
      carrierCode: 'USPS',
      destination: { city: 'New York', stateCode: 'NY', countryCode: 'US' },
      parcels: [{ trackingNo: label.tracking, status: TRACKING_STATUS.inTransit }],
    });
    expect(data.events[0]).toMatchObject({ description: 'Accepted at USPS facility', location: 'NEW YORK, NY' });
    const html = await page(label.publicId);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toContain('text/html');
    expect(html.body).toContain('运输途中');
    expect(html.body).toContain('Accepted at USPS facility');
    expect(html.body).toContain(label.tracking);
    for (const secret of PRIVATE) {
      expect(json.body).not.toContain(secret);
      expect(html.body).not.toContain(secret);
    }
  });

  test("the page is in the reader's language: Chinese by default, English when the browser asks, switchable by link", async () => {
    const shop = await merchant();
    const label = await buyTo(shop.token);
    const chinese = await page(label.publicId);
    expect(chinese.body).toContain('<html lang="zh-CN"');
    expect(chinese.body).toContain('包裹追踪');
    expect(chinese.body).toContain('href="?lang=en-US"');
    const english = await page(label.publicId, { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.body).toContain('<html lang="en-US"');
    expect(english.body).toContain('Parcel tracking');
    expect(english.body).toContain('The carrier has not scanned the parcel yet');
    expect(english.body).toContain('Label created, waiting for the carrier');
    const switched = await page(label.publicId, { 'accept-language': 'en-US' }, '?lang=zh-CN');
    expect(switched.body).toContain('包裹追踪');
  });

  test('an unknown, malformed or voided id is the same plain 404, and never says whether an id exists', async () => {
    const unknown = await page('AAAAAAAAAAAAAAAAAAAAAA');
    const malformed = await page('not-an-id');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(unknown.body).toBe(malformed.body);
    expect(unknown.body).toContain('找不到该追踪页面');
    const json = await t.app.inject({ method: 'GET', url: '/api/public/tracking/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(json.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/t/AAAAAAAAAAAAAAAAAAAAAA/logo' })).statusCode).toBe(404);
  });

  test('labels bought before the pages existed get one from the migration; a page once made is kept', async () => {
    const shop = await merchant();
    const older = await buyTo(shop.token);
    const kept = await buyTo(shop.token);
    await t.ctx.db.deleteFrom('tracking_pages').where('order_id', '=', older.orderId).execute();
    await backfillTrackingPages(t.ctx.db as never);
    const pages = await t.ctx.db
      .selectFrom('tracking_pages')
      .select(['order_id', 'public_id'])
      .where('order_id', 'in', [older.orderId, kept.orderId])
      .orderBy('order_id')
      .execute();
    expect(pages[0]?.public_id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(pages[0]?.public_id).not.toBe(older.publicId);
    expect(pages[1]?.public_id).toBe(kept.publicId);
    expect((await page(pages[0]?.public_id as string)).statusCode).toBe(200);
  });

  test('another merchant cannot list the links of my orders', async () => {
    const mine = await merchant();
    const theirs = await merchant();
    const label = await buyTo(mine.token);
    const links = await call(t.app, theirs.token, {
      method: 'GET',
      url: `/api/app/tracking/links?orderIds=${label.orderId}`,
    });
    expect(links.json().data).toEqual([]);
  });

  test('pages are rate limited per client', async () => {
    const limited = await startApp({ trackingPageRateLimit: 2 });
    try {
      const codes = [];
      for (let i = 0; i < 3; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/t/AAAAAAAAAAAAAAAAAAAAAA' })).statusCode);
      expect(codes).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('branding', () => {
  test("a merchant under a seller is shown the seller's brand until it sets its own; its logo is served with the page", async () => {
    const seller = await createStaff(t, admin, ['seller'], { invitationCode: 'TRACK-SELLER' });
    const savedSeller = await call(t.app, seller.token, {
      method: 'PUT',
      url: '/api/app/brand',
      payload: {
        name: 'Seller Express',
        color: '#AA0000',
        supportEmail: 'help@seller.test',
        supportPhone: '+1 555 0111',
      },
    });
    expect(savedSeller.statusCode).toBe(200);
    const shop = await merchant({ invitationCode: 'TRACK-SELLER' });
    expect((await call(t.app, shop.token, { method: 'GET', url: '/api/app/brand' })).json().data).toMatchObject({
      own: null,
      inherited: { name: 'Seller Express', color: '#aa0000' },
    });
    const label = await buyTo(shop.token);
    const underSeller = await page(label.publicId);
    expect(underSeller.body).toContain('Seller Express');
    expect(underSeller.body).toContain('#aa0000');
    expect(underSeller.body).toContain('mailto:help@seller.test');

    const logo = (await upload(t.app, shop.token, 'logo.png', PNG)).json().data;
    const own = await call(t.app, shop.token, {
      method: 'PUT',
      url: '/api/app/brand',
      payload: {
        name: 'Grace Gadgets',
        logoAttachmentId: logo.id,
        color: '#00aa55',
        supportUrl: 'https://gadgets.test/help',
      },
    });
    expect(own.statusCode).toBe(200);
    const underOwn = await t.app.inject({ method: 'GET', url: `/api/public/tracking/${label.publicId}` });
    expect(underOwn.json().data.brand).toEqual({
      name: 'Grace Gadgets',
      logoUrl: `/t/${label.publicId}/logo`,
      color: '#00aa55',
      supportEmail: '',
      supportPhone: '',
      supportUrl: 'https://gadgets.test/help',
    });
    expect((await page(label.publicId)).body).not.toContain('Seller Express');
    const image = await t.app.inject({ method: 'GET', url: `/t/${label.publicId}/logo` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
  });

  test('a proxy brands its customers the same way', async () => {
    const proxy = await createStaff(t, admin, ['proxy'], { invitationCode: 'TRACK-PROXY' });
    await call(t.app, proxy.token, { method: 'PUT', url: '/api/app/brand', payload: { name: 'Proxy Parcels' } });
    const shop = await merchant({ invitationCode: 'TRACK-PROXY' });
    const label = await buyTo(shop.token);
    expect((await page(label.publicId)).body).toContain('Proxy Parcels');
  });

  test("a logo must be an image of the caller's own; a colour is #rrggbb", async () => {
    const shop = await merchant();
    const other = await merchant();
    const pdf = (await upload(t.app, shop.token, 'logo.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))).json().data;
    const theirs = (await upload(t.app, other.token, 'logo.png', PNG)).json().data;
    const save = (payload: object) => call(t.app, shop.token, { method: 'PUT', url: '/api/app/brand', payload });
    expectFieldError(await save({ logoAttachmentId: pdf.id }), 'logoAttachmentId');
    expectFieldError(await save({ logoAttachmentId: theirs.id }), 'logoAttachmentId');
    expectFieldError(await save({ color: 'red' }), 'color');
    expectFieldError(await save({ supportUrl: 'javascript:alert(1)' }), 'supportUrl');
    expect((await call(t.app, shop.token, { method: 'GET', url: '/api/app/brand' })).json().data.own).toBeNull();
  });
});

describe('recipient notices', () => {
  const switchOn = (token: string, locale: 'zh-CN' | 'en-US', events: string[], templates: object = {}) =>
    call(t.app, token, {
      method: 'PUT',
      url: '/api/app/recipientNotices',
      payload: {
        locale,
        templates: ['shipped', 'outForDelivery', 'delivered', 'exception'].map((event) => ({
          event,
          enabled: events.includes(event),
          ...templates,
        })),
      },
    });

  test('each switched-on event is mailed to the recipient once, in the chosen language, with the page link; others are not', async () => {
    const shop = await merchant();
    await call(t.app, shop.token, { method: 'PUT', url: '/api/app/brand', payload: { name: 'Grace Gadgets' } });
    expect((await switchOn(shop.token, 'en-US', ['shipped', 'delivered'])).statusCode).toBe(200);
    const label = await buyTo(shop.token);
    await scan(label.tracking, TRACKING_STATUS.inTransit, 'Accepted');
    await scan(label.tracking, TRACKING_STATUS.inTransit, 'Departed');
    // Another instance seeing the same change: the unique key leaves it to the first.
    await noticeRecipient(t.ctx, label.orderId, TRACKING_STATUS.inTransit);
    await scan(label.tracking, TRACKING_STATUS.outForDelivery);
    await scan(label.tracking, TRACKING_STATUS.delivered);
    const mails = await mailsTo(RECIPIENT.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Grace Gadgets: your parcel is on its way (${label.tracking})`,
      `Grace Gadgets: your parcel was delivered (${label.tracking})`,
    ]);
    expect(mails[0]?.body).toContain(label.url);
    expect(mails[0]?.body).toContain('New York, NY');
    const recorded = await t.ctx.db
      .selectFrom('recipient_notices')
      .select(['event', 'email', 'locale'])
      .where('order_id', '=', label.orderId)
      .orderBy('id')
      .execute();
    expect(recorded).toEqual([
      { event: 'shipped', email: RECIPIENT.email, locale: 'en-US' },
      { event: 'delivered', email: RECIPIENT.email, locale: 'en-US' },
    ]);
    await t.ctx.db.deleteFrom('mail_outbox').where('recipient', '=', RECIPIENT.email).execute();
  });

  test('with the switches off nothing is mailed', async () => {
    const shop = await merchant();
    const label = await buyTo(shop.token);
    for (const status of [TRACKING_STATUS.inTransit, TRACKING_STATUS.outForDelivery, TRACKING_STATUS.exception])
      await scan(label.tracking, status);
    expect(await mailsTo(RECIPIENT.email)).toEqual([]);
    const none = await t.ctx.db
      .selectFrom('recipient_notices')
      .selectAll()
      .where('order_id', '=', label.orderId)
      .execute();
    expect(none).toEqual([]);
  });

  test("a merchant's template in Chinese is used, its placeholders filled", async () => {
    const shop = await merchant();
    await switchOn(shop.token, 'zh-CN', ['exception'], {
      subjectZh: '{brandName} 提醒：{trackingNo} {status}',
      bodyZh: '包裹 {trackingNo} 寄往 {city}，订单 {reference}。详情 {trackingUrl}',
    });
    const label = await buyTo(shop.token);
    await scan(label.tracking, TRACKING_STATUS.exception);
    const [mail] = await mailsTo(RECIPIENT.email);
    expect(mail?.subject).toBe(`Shop Co 提醒：${label.tracking} 可能异常`);
    expect(mail?.body).toBe(`包裹 ${label.tracking} 寄往 New York, NY，订单 SHOP-1001。详情 ${label.url}`);
    await t.ctx.db.deleteFrom('mail_outbox').where('recipient', '=', RECIPIENT.email).execute();
  });

  test('templates preview in both languages, refuse unknown placeholders, and a test goes to the merchant only', async () => {
    const shop = await merchant();
    const preview = (payload: object) =>
      call(t.app, shop.token, { method: 'POST', url: '/api/app/recipientNotices/preview', payload });
    const zh = (await preview({ event: 'delivered', locale: 'zh-CN' })).json().data;
    expect(zh.subject).toBe('Shop Co：您的包裹已送达（9400111899223344556677）');
    const en = (await preview({ event: 'delivered', locale: 'en-US', body: 'Hi from {brandName}, {status}' })).json()
      .data;
    expect(en).toMatchObject({
      subject: 'Shop Co: your parcel was delivered (9400111899223344556677)',
      body: 'Hi from Shop Co, Delivered',
      to: shop.email,
    });
    expectFieldError(await preview({ event: 'shipped', locale: 'en-US', body: 'Hello {name}' }), 'body');
    expectFieldError(
      await switchOn(shop.token, 'en-US', ['shipped'], { bodyEn: 'Hello {recipientName}' }),
      'templates.0.bodyEn',
    );
    const sent = await call(t.app, shop.token, {
      method: 'POST',
      url: '/api/app/recipientNotices/test',
      payload: { event: 'shipped', locale: 'en-US' },
    });
    expect(sent.statusCode).toBe(200);
    const mail = (await mailsTo(shop.email)).at(-1);
    expect(mail?.subject).toBe('Shop Co: your parcel is on its way (9400111899223344556677)');
    const settings = (await call(t.app, shop.token, { method: 'GET', url: '/api/app/recipientNotices' })).json().data;
    expect(settings.locale).toBe('zh-CN');
    expect(settings.templates.every((template: { enabled: boolean }) => !template.enabled)).toBe(true);
  });
});
