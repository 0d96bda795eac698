import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ChannelConfig } from '../src/carriers/contract/channel.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { uspsAdapter } from '../src/carriers/usps/adapter.ts';
import { UpstreamError } from '../src/outbound/types.ts';
import { shopifyConnection } from '../src/stores/client.ts';
import { shopWeightUnit } from '../src/stores/shopify/adapter.ts';
import { exchangeCode } from '../src/stores/shopify/oauth.ts';
import { SHOPIFY_API_VERSION, shopifyComplaint } from '../src/stores/shopify/wire.ts';
import { wooComplaint } from '../src/stores/woocommerce/wire.ts';
import { bodyOf, type Fixture, fixture, replay } from './conformance/replay.ts';
import { ADMIN, loginToken, startApp, type TestApp } from './helpers.ts';
import { providerFixture } from './provider-fixtures.ts';
import { testShipment, upstreamChannel } from './upstream-fixtures.ts';

/**
 * Parse, don't cast (issue 25): the stores' error bodies read through schemas of their documented shapes,
 * Shopify's token and weight unit failing by name, an EasyPost push of another envelope failing by name
 * (the provider answered 502, so it sends it again), and USPS's several prices for one product taken at
 * the highest, each on the providers' own bodies.
 */

const withBody = (item: Fixture, body: unknown): Fixture => ({ ...item, response: { ...item.response, body } });

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UpstreamError);
  return error as UpstreamError;
}

describe("the stores' error bodies", () => {
  const woo = (name: string) => fixture('woocommerce', name);
  const shopify = (name: string) => fixture('shopify', name);
  const complaintOf = (read: typeof wooComplaint, item: Fixture) => read(item.response.status, bodyOf(item)).message;

  test("WooCommerce's and WordPress's `{ code, message, data }` in their words; any other body by its status", () => {
    expect(complaintOf(wooComplaint, woo('error-400-invalid-param'))).toBe('Invalid parameter(s): status');
    expect(complaintOf(wooComplaint, woo('error-404-no-route'))).toBe(
      'No route was found matching the URL and request method',
    );
    expect(complaintOf(wooComplaint, woo('error-503-maintenance'))).toBe(
      'Briefly unavailable for scheduled maintenance. Check back in a minute.',
    );
    // A host's empty 429 and a proxy's HTML page hold no WooCommerce error.
    expect(wooComplaint(429, undefined).message).toBe('WooCommerce answered HTTP 429');
    expect(wooComplaint(502, { message: 42 }).message).toBe('WooCommerce answered HTTP 502');
  });

  test("Shopify's errors: a sentence, a list, lists per field, OAuth's words; any other body by its status", () => {
    expect(complaintOf(shopifyComplaint, shopify('unauthorized'))).toBe(
      '[API] Invalid API key or access token (unrecognized login or wrong password)',
    );
    expect(complaintOf(shopifyComplaint, shopify('server-error'))).toBe('Error 500');
    expect(complaintOf(shopifyComplaint, shopify('not-found'))).toBe('Shopify answered HTTP 404');
    // The shapes of shopify.dev "Status and error codes" (422) and the authorization code grant's refusal.
    expect(shopifyComplaint(422, { errors: { title: ["can't be blank"], base: 'is invalid' } }).message).toBe(
      "title can't be blank; base is invalid",
    );
    expect(shopifyComplaint(400, { errors: ['one', { message: 'two' }] }).message).toBe('one; two');
    expect(
      shopifyComplaint(400, { error: 'invalid_request', error_description: 'The authorization code was not found' })
        .message,
    ).toBe('The authorization code was not found');
    expect(shopifyComplaint(500, { errors: 42 }).message).toBe('Shopify answered HTTP 500');
  });
});

describe("Shopify's answers read by name", () => {
  const SHOP = 'https://push.myshopify.com';
  const GRAPHQL = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;
  const shop = (answers: Fixture) =>
    replay(shopifyConnection(SHOP, 'shpat_read', 'app-secret'), [{ method: 'POST', path: GRAPHQL, answers }]);

  test('a code exchange answered without the token fails naming shopify auth and the field, sent once', async () => {
    const granted = fixture('shopify', 'access-token');
    const { scope } = bodyOf(granted) as { scope: string };
    const run = replay(shopifyConnection(SHOP, '', 'app-secret'), [
      { method: 'POST', path: '/admin/oauth/access_token', answers: withBody(granted, { scope }) },
    ]);
    const error = await failure(exchangeCode(run.http, { clientId: 'app', clientSecret: 'app-secret' }, 'code'));
    expect(error.message).toMatch(/^shopify auth: answer changed shape at access_token:/);
    expect(run.calls).toHaveLength(1);
  });

  test("each of GraphQL's WeightUnit values is a unit; one outside it fails by name, never guessed", async () => {
    const recorded = providerFixture('shopify', 'shop');
    const units = { GRAMS: 'g', KILOGRAMS: 'kg', OUNCES: 'oz', POUNDS: 'lb' };
    for (const [weightUnit, ours] of Object.entries(units))
      expect(await shopWeightUnit(shop(withBody(recorded, { data: { shop: { weightUnit } } })).http)).toBe(ours);
    const error = await failure(
      shopWeightUnit(shop(withBody(recorded, { data: { shop: { weightUnit: 'STONES' } } })).http),
    );
    expect(error.message).toMatch(/^shopify shop: answer changed shape at shop\.weightUnit:/);
  });
});

describe('an EasyPost push of another envelope', () => {
  const event = fixture('easypost', 'webhook-event').response.text as string;
  const { secret } = bodyOf(fixture('easypost', 'webhook-signature')) as { secret: string };
  /** Signed as EasyPost signs (its library's validateWebhook): hex HMAC-SHA256 keyed with the NFKD secret. */
  const signed = (rawBody: string) =>
    `hmac-sha256-hex=${createHmac('sha256', secret.normalize('NFKD')).update(rawBody).digest('hex')}`;
  const changed = (change: (value: Record<string, unknown>) => void) => {
    const value = JSON.parse(event) as Record<string, unknown>;
    change(value);
    return JSON.stringify(value);
  };
  const channel: ChannelConfig = {
    id: 1,
    name: 'EasyPost',
    platformCode: 'easypost',
    carrierCode: 'USPS',
    settings: easypostAdapter.channelSettings.parse({ apiKey: 'EZTKpush', webhookSecret: secret }),
  };
  const push = (rawBody: string) =>
    Promise.resolve().then(() =>
      easypostAdapter.webhook?.(
        { channel, headers: { 'x-hmac-signature': signed(rawBody) }, rawBody },
        { http: replay({ baseUrl: 'https://api.easypost.com' }, []).http },
      ),
    );

  test('fails naming easypost webhook and the field, where it was taken and dropped unread before', async () => {
    const withoutResult = changed((value) => {
      delete value.result;
    });
    expect((await failure(push(withoutResult))).message).toMatch(/^easypost webhook: answer changed shape at result:/);
    const notAnEvent = changed((value) => {
      value.object = 'Tracker';
    });
    expect((await failure(push(notAnEvent))).message).toMatch(/^easypost webhook: answer changed shape at object:/);
  });

  test("another Event than a tracker's (a refund) is taken and carries no scans", async () => {
    const refund = changed((value) => {
      value.description = 'refund.successful';
      value.result = { object: 'Refund', id: 'rfnd_1' };
    });
    expect(await push(refund)).toEqual({ verified: true, events: new Map() });
  });

  describe('at the webhook address', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp();
    });
    afterAll(async () => {
      await t.close();
    });

    test('is answered 502 with the field named, so that EasyPost sends it again', async () => {
      const admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
      const { channelId } = await upstreamChannel(
        t,
        admin,
        'easypost',
        { apiKey: 'EZTKpush', webhookSecret: secret, baseUrl: 'https://api.easypost.com' },
        { carrier: 'USPS', service: 'Priority' },
      );
      const rawBody = changed((value) => {
        value.result = null;
      });
      const answered = await t.app.inject({
        method: 'POST',
        url: `/api/tracking/webhook/carrier/${channelId}`,
        payload: rawBody,
        headers: { 'content-type': 'application/json', 'x-hmac-signature': signed(rawBody) },
      });
      expect(answered.statusCode).toBe(502);
      expect(answered.json().message).toContain('easypost webhook: answer changed shape at result');
    });
  });
});

describe("USPS's several prices for the product a label is bought with", () => {
  const usps = (name: string) => fixture('usps', name);
  const settings = uspsAdapter.channelSettings.parse({
    clientId: 'answers-app',
    clientSecret: 'answers-secret',
    crid: '56982563',
    mid: '904128936',
    accountNumber: '1000405525',
    baseUrl: 'https://apis.usps.com',
  });
  const channel: ChannelConfig = { id: 1, name: 'USPS', platformCode: 'usps', carrierCode: 'USPS', settings };
  const parcelSelect = {
    id: 7,
    channelId: 1,
    code: 'PARCEL_SELECT',
    name: 'Parcel Select',
    carrierCode: 'USPS' as const,
    settings: uspsAdapter.serviceSettings.parse({
      mailClass: 'PARCEL_SELECT',
      rateIndicator: 'SP',
      processingCategory: 'NON_MACHINABLE',
    }),
    version: 1,
  };

  /**
   * USPS's recorded search answer with its first two Parcel Select options priced as handed over at the
   * shipper's Post Office (no destination entry named): two prices for what the label is bought with.
   */
  function twoMatching(reverse: boolean) {
    const body = structuredClone(bodyOf(usps('options-search'))) as {
      pricingOptions: {
        shippingOptions: { rateOptions: { totalPrice: number; rates: { description: string }[] }[] }[];
      }[];
    };
    const options = body.pricingOptions[0]?.shippingOptions[0]?.rateOptions ?? [];
    for (const option of options.slice(0, 2))
      for (const rate of option.rates) rate.description = 'Parcel Select Nonmachinable Single-piece';
    if (reverse) options.reverse();
    return withBody(usps('options-search'), body);
  }

  test.each([false, true])('are priced at the highest, whatever their order (reversed: %s)', async (reverse) => {
    const run = replay(
      uspsAdapter.upstream?.(settings) as NonNullable<ReturnType<NonNullable<typeof uspsAdapter.upstream>>>,
      [
        { method: 'POST', path: '/oauth2/v3/token', answers: usps('token') },
        { method: 'POST', path: '/shipments/v3/options/search', answers: twoMatching(reverse) },
      ],
    );
    const [rated] = await uspsAdapter.rate({ channel, services: [parcelSelect], shipment: testShipment(1) }, run);
    // $3.40 and $5.48 both match: the quote is never under what the label costs.
    expect(rated).toMatchObject({ ok: true, costCents: 548, parcels: [{ charges: { base: 548 } }] });
  });
});
