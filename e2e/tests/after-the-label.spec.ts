import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { text as bodyText } from 'node:stream/consumers';
import type { APIRequestContext } from '@playwright/test';
import { translate } from '../../apps/server/src/i18n/messages.ts';
import { TRACKING_STATUS } from '../../packages/shared/src/orders.ts';
import { adminToken, apiLogin, mailsTo, uniqueEmail } from '../support/api.ts';
import { call, signedInPage } from '../support/flows.ts';
import { buyLabelThroughApi, domesticShipment, fundCustomer, scannedLongAgo } from '../support/orders.ts';
import { expect, test } from '../support/test.ts';
import { customerId, type Locale, text } from '../support/ui.ts';

/**
 * Issue 28's "Done when", one story per language in a real browser: a new merchant of a seller ships a label
 * (set up through the API), whose recipient is mailed at each step and follows it on the public tracking page
 * under the seller's brand; the merchant makes a pay-on-use return of the delivered order, sends its link,
 * the demo carrier scans the return and the wallet is charged once; an insured parcel lost in transit is
 * claimed, approved and paid once; and the merchant's endpoint receives every event signed, verified by a
 * receiver written here from the Standard Webhooks specification (not the project's own code), the first
 * delivery refused and retried by the queue, then replayed from the delivery log.
 *
 * The receiver listens on 127.0.0.2, the host the suite's server allows (WEBHOOK_ALLOWED_HOSTS).
 */

const PASSWORD = 'Parcel#2026x';
const cents = (money: string) => Math.round(Number(money) * 100);

/**
 * A receiver's check, from the Standard Webhooks specification (github.com/standard-webhooks/standard-webhooks,
 * spec/standard-webhooks.md, "Verifying webhook authenticity"): the signed content is
 * `${webhook-id}.${webhook-timestamp}.${body}`, the key the base64 after `whsec_`, the signature HMAC-SHA256 in
 * base64, `webhook-signature` a space separated list of `v1,<signature>` (other versions ignored), compared in
 * constant time, and a timestamp too far from now refused (five minutes, the libraries' tolerance).
 */
function specReceiverAccepts(
  secret: string,
  id: string,
  timestamp: string,
  body: string,
  signatures: string,
  nowSeconds = Date.now() / 1000,
) {
  if (Math.abs(nowSeconds - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',');
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}

/**
 * The specification's own signing vector (the fixture names its source): the receiver accepts it, and
 * refuses it with the body changed by one character.
 */
function specVectorAccepted(): boolean {
  const fixture = path.resolve(import.meta.dirname, '../../apps/server/test/fixtures/standard-webhooks/vectors.json');
  const { signing } = JSON.parse(readFileSync(fixture, 'utf8'));
  const check = (payload: string) =>
    specReceiverAccepts(
      signing.secret,
      signing.msgId,
      String(signing.timestamp),
      payload,
      signing.signature,
      signing.timestamp,
    );
  return check(signing.payload) && !check(`${signing.payload} `);
}

interface Delivery {
  id: string;
  body: string;
  verified: boolean;
  answered: number;
}

/** A merchant's endpoint: it refuses (500) the first delivery it is sent, and takes every other. */
async function startReceiver() {
  const received: Delivery[] = [];
  let secret = '';
  const server = createServer(async (req, res) => {
    const body = await bodyText(req);
    const header = (name: string) => String((req.headers as IncomingHttpHeaders)[name] ?? '');
    const answered = received.length === 0 ? 500 : 204;
    received.push({
      id: header('webhook-id'),
      body,
      verified: specReceiverAccepts(
        secret,
        header('webhook-id'),
        header('webhook-timestamp'),
        body,
        header('webhook-signature'),
      ),
      answered,
    });
    res.writeHead(answered).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return {
    url: `http://127.0.0.2:${(server.address() as AddressInfo).port}/hooks`,
    received,
    useSecret: (value: string) => {
      secret = value;
    },
    /** The events taken (answered 2xx), one per id as a receiver keeping the ids it handled counts them. */
    events: () =>
      [...new Map(received.filter((d) => d.answered < 300).map((d) => [d.id, JSON.parse(d.body)])).values()] as {
        type: string;
        data: Record<string, unknown>;
      }[],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A seller (made by the administrator) with its brand set, and a new merchant registered under it. */
async function sellerAndMerchant(request: APIRequestContext, locale: Locale, brand: string) {
  const admin = await adminToken(request);
  const roles = (await call(request, admin, '/api/role/list')) as { id: number; code: string }[];
  const sellerEmail = uniqueEmail(`after-seller-${locale.toLowerCase()}`);
  const { id: sellerId } = (await call(request, admin, '/api/staff/register', {
    email: sellerEmail,
    password: PASSWORD,
    firstName: 'Sam',
    lastName: 'Seller',
    roleIds: roles.filter((role) => role.code === 'seller').map((role) => role.id),
  })) as { id: number };
  const seller = await apiLogin(request, sellerEmail, PASSWORD);
  const saved = await request.put('/api/app/brand', {
    headers: { authorization: `Bearer ${seller}` },
    data: { name: brand, color: '#7a3db8', supportEmail: 'care@seller.test' },
  });
  expect((await saved.json()).code).toBe(200);
  const email = uniqueEmail(`after-merchant-${locale.toLowerCase()}`);
  await call(request, admin, '/api/admin/register', {
    email,
    password: PASSWORD,
    firstName: 'Mia',
    lastName: 'Merchant',
    company: 'Mia Makes',
    phone: '+1 415 555 0103',
    ownerId: sellerId,
  });
  const id = await customerId(request, email);
  await fundCustomer(request, id, '500', 'after-the-label e2e');
  return { email, token: await apiLogin(request, email, PASSWORD) };
}

for (const locale of ['en-US', 'zh-CN'] as const satisfies readonly Locale[]) {
  test(`after the label: notices, tracking page, a return paid on use, a claim and signed webhooks (${locale})`, async ({
    browser,
    request,
  }) => {
    expect(specVectorAccepted()).toBe(true);
    const brand = `Seller Supply ${locale}`;
    const recipientEmail = uniqueEmail(`after-recipient-${locale.toLowerCase()}`);
    const receiver = await startReceiver();
    try {
      // Set-up through the API: the seller's merchant, its notices and its endpoint, a delivered label.
      const merchant = await sellerAndMerchant(request, locale, brand);
      const headers = { authorization: `Bearer ${merchant.token}` };
      const notices = await request.put('/api/app/recipientNotices', {
        headers,
        data: {
          locale,
          templates: ['shipped', 'outForDelivery', 'delivered', 'exception'].map((event) => ({ event, enabled: true })),
        },
      });
      expect((await notices.json()).code).toBe(200);
      const endpoint = (await call(request, merchant.token, '/api/app/webhooks/endpoints', {
        url: receiver.url,
        eventTypes: ['tracking.updated', 'return.used', 'claim.updated'],
        description: 'ERP',
      })) as { id: number; secret: string };
      receiver.useSecret(endpoint.secret);
      const shipment = domesticShipment('Mia Makes');
      const outbound = await buyLabelThroughApi(request, merchant.token, {
        ...shipment,
        to: { ...shipment.to, email: recipientEmail },
      });
      // The demo carrier's five scans: label created, accepted, departed, out for delivery, delivered.
      for (let step = 0; step < 5; step++)
        await call(request, merchant.token, `/api/app/order/demoScan/${outbound.orderId}`, {});
      const balance = async () =>
        cents(((await call(request, merchant.token, '/api/user/info')) as { balance: string }).balance);

      await test.step('the recipient is mailed once for each event, under the seller’s brand', async () => {
        await expect.poll(() => mailsTo(recipientEmail).length).toBe(3);
        const subjects = mailsTo(recipientEmail).map((mail) => mail.subject);
        const values = { brandName: brand, trackingNo: outbound.trackingNo };
        expect(subjects).toEqual([
          translate('noticeShippedSubject', locale, values),
          translate('noticeOutForDeliverySubject', locale, values),
          translate('noticeDeliveredSubject', locale, values),
        ]);
      });

      const page = await signedInPage(browser, merchant.email, PASSWORD, locale);
      await page.goto(`/shipments/detail/${outbound.orderId}`);

      await test.step('the recipient page shows the outbound timeline under the seller’s brand', async () => {
        const url = (await page.getByTestId('tracking-page-url').textContent()) as string;
        const reader = await browser.newContext({ locale });
        const recipient = await reader.newPage();
        await recipient.goto(url);
        await expect(recipient.locator('header h1')).toHaveText(brand);
        await expect(recipient.locator('a[href="mailto:care@seller.test"]')).toBeVisible();
        const timeline = recipient.locator('main ol li');
        await expect(timeline).toHaveCount(5);
        await expect(timeline.first()).toContainText('Delivered');
        await expect(timeline.last()).toContainText('Shipping label created');
        await expect(recipient.locator('body')).not.toContainText(recipientEmail);
        await reader.close();
      });

      await test.step('a pay-on-use return, its link sent, is charged once at the first scan', async () => {
        const before = await balance();
        await page.getByTestId('create-return').click();
        await expect(page.getByTestId('return-options').getByTestId('return-pay-on-use')).toBeVisible();
        await page.getByTestId('return-buy').click();
        const row = page.getByTestId('returns-card').locator('tr[data-testid^="return-row-"]');
        await expect(row.getByTestId('return-state')).toHaveText(text(locale, 'returns.payOnUseTag'));
        expect(await balance()).toBe(before);
        // The link the merchant sends: the recipient opens it signed in nowhere.
        const link = (await row.getByTestId('return-link').getAttribute('href')) as string;
        const visitor = await browser.newContext();
        await visitor.addInitScript((value) => window.localStorage.setItem('locale', value), locale);
        const sender = await visitor.newPage();
        await sender.goto(new URL(link).pathname);
        await expect(sender.getByTestId('return-page-state')).toHaveText(text(locale, 'site.returnPage.states.ready'));
        await expect(sender.getByTestId('return-page-pdf')).toBeVisible();

        // The demo carrier scans the return: label created, then accepted (the first scan that bills it).
        await row.getByRole('link').first().click();
        const card = page.getByTestId('return-card');
        for (let scan = 0; scan < 3; scan++)
          await Promise.all([
            page.waitForResponse((answer) => answer.url().includes('/api/app/order/demoScan/')),
            page.getByTestId('demo-scan').click(),
          ]);
        await expect(card.getByTestId('return-state')).not.toHaveText(text(locale, 'returns.payOnUseTag'));
        const charged = cents(((await card.getByTestId('return-charged').textContent()) ?? '').replace(/[^0-9.]/g, ''));
        expect(charged).toBeGreaterThan(0);
        expect(await balance()).toBe(before - charged);
        await sender.reload();
        await expect(sender.getByTestId('return-page-state')).toHaveText(text(locale, 'site.returnPage.states.used'));
        await visitor.close();
        // Told once to the endpoint, with the amount charged.
        await expect
          .poll(() =>
            receiver
              .events()
              .filter((event) => event.type === 'return.used')
              .map((event) => event.data.amount),
          )
          .toEqual([(charged / 100).toFixed(2)]);
      });

      await test.step('an insured parcel lost in transit is claimed, approved and paid once', async () => {
        const lost = await buyLabelThroughApi(request, merchant.token, {
          ...shipment,
          parcels: shipment.parcels.map((parcel) => ({ ...parcel, insuredValue: '200.00' })),
        });
        scannedLongAgo(lost.orderId);
        await page.goto(`/shipments/detail/${lost.orderId}`);
        await page.getByTestId('order-claim-new').click();
        await page.getByTestId('claim-type-lost').click();
        await page.getByTestId('claim-amount').fill('100');
        await page.getByTestId('claim-description').fill('No scan for twenty days');
        await page.getByTestId('claim-form-save').click();
        const status = page.getByTestId('order-claims').getByTestId('claim-status');
        await expect(status).toHaveText(text(locale, 'claims.status.submitted'));

        // Staff's desk is another spec's (claims.spec.ts): here they decide through the API.
        const before = await balance();
        const claims = (await call(request, merchant.token, `/api/app/claim/list?orderId=${lost.orderId}`)) as {
          list: { id: number }[];
        };
        const claimId = claims.list[0]?.id as number;
        const staff = await adminToken(request);
        await call(request, staff, `/api/admin/claim/${claimId}/review`, {});
        await call(request, staff, `/api/admin/claim/${claimId}/decide`, { decision: 'approve' });
        await call(request, staff, `/api/admin/claim/${claimId}/pay`, {});
        const again = await request.post(`/api/admin/claim/${claimId}/pay`, {
          headers: { authorization: `Bearer ${staff}` },
          data: {},
        });
        expect(again.status()).toBe(409);

        await page.reload();
        await expect(status).toHaveText(text(locale, 'claims.status.paid'));
        await expect(page.getByTestId('order-detail-claimPayout')).toHaveText('-$90.00');
        // Credited once: the payout (the amount less 10%) and the lost label's postage.
        expect(await balance()).toBe(before + 9000 + cents(lost.price));
        await expect
          .poll(() =>
            receiver
              .events()
              .filter((event) => event.type === 'claim.updated' && event.data.claimId === claimId)
              .map((event) => event.data.status),
          )
          .toEqual(expect.arrayContaining(['approved', 'paid']));
        expect(
          receiver.events().filter((event) => event.type === 'claim.updated' && event.data.status === 'paid'),
        ).toHaveLength(1);
      });

      await test.step('every event arrived signed; the refused delivery was retried and is replayed from the log', async () => {
        expect(receiver.received.every((delivery) => delivery.verified)).toBe(true);
        const refused = receiver.received[0] as Delivery;
        expect(refused.answered).toBe(500);
        // The queue tries it again about 30 s after the refusal.
        await expect
          .poll(() => receiver.received.filter((delivery) => delivery.id === refused.id).length, { timeout: 120_000 })
          .toBe(2);
        const outboundTracking = receiver
          .events()
          .filter((event) => event.type === 'tracking.updated' && event.data.trackingNo === outbound.trackingNo);
        // Each change of the parcel's state told once: the departure scan changed nothing (still in transit).
        const { infoReceived, inTransit, outForDelivery, delivered } = TRACKING_STATUS;
        expect(outboundTracking.map((event) => event.data.status as number).sort((a, b) => a - b)).toEqual([
          infoReceived,
          inTransit,
          outForDelivery,
          delivered,
        ]);

        const log = (await call(request, merchant.token, `/api/app/webhooks/endpoints/${endpoint.id}/deliveries`)) as {
          id: number;
          eventId: string;
        }[];
        const logged = log.find((delivery) => delivery.eventId === refused.id);
        expect(logged).toBeDefined();
        await page.goto('/settings/api');
        await page.locator(`[data-testid="webhook-row-${endpoint.id}"]`).getByTestId('webhook-open-log').click();
        const row = page.getByTestId('webhook-log').getByTestId(`webhook-delivery-row-${logged?.id}`);
        await expect(row.getByTestId('webhook-delivery-status')).toHaveText(
          text(locale, 'webhooks.deliveryStatus.succeeded'),
        );
        await row.getByTestId('webhook-replay').click();
        await expect.poll(() => receiver.received.filter((delivery) => delivery.id === refused.id).length).toBe(3);
        const replayed = receiver.received.filter((delivery) => delivery.id === refused.id)[2] as Delivery;
        expect(replayed.body).toBe(refused.body);
        expect(replayed.verified).toBe(true);
      });
      await page.context().close();
    } finally {
      await receiver.close();
    }
  });
}
