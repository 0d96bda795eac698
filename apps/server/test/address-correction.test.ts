/**
 * Address correction before the label (issue 30): a merchant's mode Confirm / Auto / Off, with USPS set to
 * verify addresses (its stand-in answers from USPS's published examples, test/conformance/fixtures/usps).
 */
import { describe, expect, test } from 'vitest';
import { call } from './helpers.ts';
import { address, appWithUspsAndEasyPost, merchantOn, USPS_ACCOUNT, upstreamChannel } from './upstream-fixtures.ts';

const env = appWithUspsAndEasyPost();

const to = (addressLine1: string) => ({ ...address('10118', 'New York', 'NY', 'Grace Buyer'), addressLine1 });

describe('address correction before the label', () => {
  test('Off buys as given; Confirm stops for the corrected address beside the original; Auto applies it; undeliverable stops with USPS’s words', async () => {
    const usps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 15_000, validateAddresses: true },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, usps.channelId, { funds: '200.00', weights: [1] });
    const token = merchant.customer.token;
    const draft = async (addressLine1: string) => {
      const res = await call(env.t.app, token, {
        method: 'POST',
        url: '/api/app/order/draft',
        payload: {
          from: address('90210', 'Beverly Hills', 'CA', 'Ada Shipper'),
          to: to(addressLine1),
          parcels: [{ length: 10, width: 8, height: 4, weight: 1 }],
        },
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.orderId as number;
    };
    const setMode = async (mode: string) => {
      const res = await call(env.t.app, token, {
        method: 'PUT',
        url: '/api/app/user/addressCorrection',
        payload: { mode },
      });
      expect(res.json().data).toEqual({ mode });
    };
    const recipient = async (id: number) => JSON.parse((await merchant.order(id)).to_address);
    // The order's timeline as its merchant and as staff read it, in a language: each step's title.
    const timeline = async (id: number, language: string) => {
      const titles: string[][] = [];
      for (const [reader, area] of [
        [token, 'app'],
        [env.admin, 'admin'],
      ] as const) {
        const res = await call(env.t.app, reader, {
          method: 'GET',
          url: `/api/${area}/order/detail/${id}`,
          headers: { 'accept-language': language },
        });
        expect(res.statusCode).toBe(200);
        titles.push(res.json().data.timeline.map((step: { title: string }) => step.title));
      }
      expect(titles[1]).toEqual(titles[0]);
      return titles[0];
    };

    // Off (every merchant's until set): bought with the address as given.
    expect(
      (await call(env.t.app, token, { method: 'GET', url: '/api/app/user/addressCorrection' })).json().data,
    ).toEqual({ mode: 'off' });
    const asGiven = await draft('350 Fifth Avenue');
    expect((await merchant.buy(usps.serviceId, asGiven)).statusCode).toBe(200);
    expect(await recipient(asGiven)).toMatchObject({ addressLine1: '350 Fifth Avenue', zipCode: '10118' });

    // Confirm: the purchase stops with both addresses, nothing charged; once the merchant takes the corrected
    // one, the label is bought to it.
    await setMode('confirm');
    const toConfirm = await draft('350 Fifth Avenue');
    const balance = await merchant.balance();
    const stopped = await merchant.buy(usps.serviceId, toConfirm);
    expect(stopped.statusCode).toBe(422);
    expect(stopped.json().message).toBe(
      'The recipient address has a correction: use the corrected address or keep yours before buying the label',
    );
    expect(stopped.json().data).toMatchObject({
      mode: 'confirm',
      original: { addressLine1: '350 Fifth Avenue', zipCode: '10118' },
      corrected: { addressLine1: '350 FIFTH AVE', zipCode: '10118-1350', city: 'NEW YORK' },
      deliverable: true,
      byCarrier: true,
    });
    expect(await merchant.balance()).toBe(balance);
    expect((await merchant.order(toConfirm)).status).toBe(0);
    const shown = await call(env.t.app, token, {
      method: 'POST',
      url: `/api/app/order/addressCorrection/${toConfirm}`,
    });
    expect(shown.json().data.corrected).toMatchObject({ zipCode: '10118-1350' });
    const taken = await call(env.t.app, token, {
      method: 'POST',
      url: `/api/app/order/addressCorrection/${toConfirm}/confirm`,
      payload: { use: 'corrected' },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json().data.corrected).toBeNull();
    expect(await recipient(toConfirm)).toMatchObject({ addressLine1: '350 FIFTH AVE', zipCode: '10118-1350' });
    expect((await merchant.buy(usps.serviceId, toConfirm)).statusCode).toBe(200);
    expect(await timeline(toConfirm, 'en-US')).toContain('Recipient address corrected as checked');
    expect(await timeline(toConfirm, 'zh-CN')).toContain('收件地址已按校验结果更正');

    // Confirm, keeping the original: bought as given.
    const toKeep = await draft('350 Fifth Avenue');
    await call(env.t.app, token, {
      method: 'POST',
      url: `/api/app/order/addressCorrection/${toKeep}/confirm`,
      payload: { use: 'original' },
    });
    expect((await merchant.buy(usps.serviceId, toKeep)).statusCode).toBe(200);
    expect(await recipient(toKeep)).toMatchObject({ addressLine1: '350 Fifth Avenue', zipCode: '10118' });
    expect(await timeline(toKeep, 'en-US')).toContain('Recipient address kept as given');
    expect(await timeline(toKeep, 'zh-CN')).toContain('收件地址按原样保留');

    // Auto: applied and bought in one go, the change in the order's history.
    await setMode('auto');
    const toApply = await draft('350 Fifth Avenue');
    expect((await merchant.buy(usps.serviceId, toApply)).statusCode).toBe(200);
    expect(await recipient(toApply)).toMatchObject({ addressLine1: '350 FIFTH AVE', zipCode: '10118-1350' });
    const events = await env.t.ctx.db
      .selectFrom('order_events')
      .select(['event', 'detail'])
      .where('order_id', '=', toApply)
      .where('event', '=', 'addressCorrected')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]?.detail).toContain('→ US, NY, NEW YORK, 350 FIFTH AVE, , 10118-1350');
    expect(await timeline(toApply, 'en-US')).toContain('Recipient address corrected as checked');

    // A step whose name this version's words lack (written by another version) shows as written.
    await env.t.ctx.db
      .insertInto('order_events')
      .values({
        order_id: toApply,
        status: 1,
        event: 'stepOfAnotherVersion',
        actor_id: null,
        detail: '',
        created_at: Date.now(),
      })
      .execute();
    expect(await timeline(toApply, 'zh-CN')).toContain('stepOfAnotherVersion');

    // Undeliverable: stopped with USPS's words in either mode that looks.
    const nowhere = await draft('1 Nowhere Road');
    const refused = await merchant.buy(usps.serviceId, nowhere);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'The recipient address cannot be delivered to; no label was bought: the carrier does not deliver to this address: There is no match for the address requested.',
    );
    expect((await merchant.order(nowhere)).status).toBe(0);
  }, 120_000);

  test('a bad mode is a 400 naming the field', async () => {
    const usps = await upstreamChannel(
      env.t,
      env.admin,
      'usps',
      { ...USPS_ACCOUNT, baseUrl: env.usps.url, timeoutMs: 2000 },
      { mailClass: 'PRIORITY_MAIL' },
    );
    const merchant = await merchantOn(env.t, env.admin, usps.channelId);
    const res = await call(env.t.app, merchant.customer.token, {
      method: 'PUT',
      url: '/api/app/user/addressCorrection',
      payload: { mode: 'sometimes' },
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('mode');
  });
});
