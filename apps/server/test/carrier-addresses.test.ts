import { describe, expect, test } from 'vitest';
import type { ChannelConfig } from '../src/carriers/contract/channel.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { call } from './helpers.ts';
import {
  adapterClient,
  appWithUspsAndEasyPost,
  EASYPOST_KEY,
  merchantOn,
  USPS_ACCOUNT,
  upstreamChannel,
} from './upstream-fixtures.ts';

const env = appWithUspsAndEasyPost();

const place = (addressLine1: string, zipCode = '10118') => ({
  countryCode: 'US',
  stateCode: 'NY',
  city: 'New York',
  addressLine1,
  zipCode,
});

describe("EasyPost's delivery verification", () => {
  const channel: ChannelConfig = {
    id: 9700,
    name: 'EasyPost',
    platformCode: 'easypost',
    carrierCode: 'USPS',
    settings: { apiKey: EASYPOST_KEY, baseUrl: '', timeoutMs: 1000 },
  };

  test("a known place comes back corrected with its ZIP+4; an unknown one with EasyPost's error", async () => {
    const config = { ...channel, settings: { ...channel.settings, baseUrl: env.easypost.url } };
    const { deps, logged } = adapterClient(env.t, easypostAdapter, config);
    const known = await easypostAdapter.validateAddress?.(
      { channel: config, address: place('350 Fifth Avenue') },
      deps,
    );
    expect(known).toEqual({
      deliverable: true,
      // EasyPost's verified Address says whether it is a home (its recorded answer: not).
      residential: false,
      standardized: {
        addressLine1: '350 FIFTH AVE',
        addressLine2: '',
        city: 'NEW YORK',
        stateCode: 'NY',
        zipCode: '10118-1350',
      },
    });
    const unknown = await easypostAdapter.validateAddress?.({ channel: config, address: place('1 Nowhere Rd') }, deps);
    expect(unknown).toEqual({ deliverable: false, message: 'Address not found' });
    expect((await logged()).map((row) => [row.operation, row.http_status])).toEqual([
      ['validateAddress', 201],
      ['validateAddress', 201],
    ]);
  });
});

describe('a merchant checks an address with the carrier a channel is set to ask', () => {
  test("USPS's standard form is suggested, its refusal is an error, and it is asked once per address", async () => {
    await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 1000, validateAddresses: true },
      { mailClass: 'PRIORITY_MAIL' },
    );
    // A channel not set to verify addresses is never asked.
    const { channelId } = await upstreamChannel(
      env.t,
      env.admin,
      'easypost',
      { apiKey: EASYPOST_KEY, baseUrl: env.easypost.url },
      { carrier: 'USPS', service: 'Priority' },
    );
    const merchant = await merchantOn(env.t, env.admin, channelId);
    const check = (addressLine1: string) =>
      call(env.t.app, merchant.customer.token, {
        method: 'POST',
        url: '/api/app/user/address/validate',
        headers: { 'accept-language': 'en-US' },
        payload: place(addressLine1),
      });
    const asked = () => env.usps.requests.filter((request) => request === 'GET /addresses/v3/address').length;
    const easypostAsked = () => env.easypost.requests.filter((request) => request === 'POST /v2/addresses').length;
    const easypostBefore = easypostAsked();

    const known = (await check('350 Fifth Avenue')).json().data;
    expect(known).toMatchObject({
      valid: true,
      corrected: true,
      suggestion: { addressLine1: '350 FIFTH AVE', zipCode: '10118-1350', city: 'NEW YORK' },
    });
    const calls = asked();
    await check('350 Fifth Avenue');
    expect(asked()).toBe(calls);
    expect(easypostAsked()).toBe(easypostBefore);

    const unknown = (await check('1 Nowhere Road')).json().data;
    expect(unknown.valid).toBe(false);
    expect(unknown.issues).toContainEqual(
      expect.objectContaining({
        code: 'undeliverable',
        severity: 'error',
        message: 'the carrier does not deliver to this address: There is no match for the address requested.',
      }),
    );

    // USPS down: the offline check stands, with a warning that the carrier was not asked.
    env.usps.fail('GET /addresses/v3/address', { kind: 'status', status: 503 }, 4);
    const down = (await check('20 West 34th Street')).json().data;
    expect(down.valid).toBe(true);
    expect(down.issues).toContainEqual(expect.objectContaining({ code: 'carrierUnreachable', severity: 'warning' }));

    // An offline error is not sent to the carrier at all.
    const before = asked();
    const badZip = (
      await check('350 Fifth Avenue').then(() =>
        call(env.t.app, merchant.customer.token, {
          method: 'POST',
          url: '/api/app/user/address/validate',
          payload: place('350 Fifth Avenue', '99999'),
        }),
      )
    ).json().data;
    expect(badZip.valid).toBe(false);
    expect(asked()).toBe(before);
  });
});
