import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

function upload(app: FastifyInstance, token: string, url: string, filename: string, content: string) {
  const boundary = '----pp-sheet';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return call(app, token, {
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

const address = (zipCode: string, city: string, stateCode: string) => ({
  personName: 'A Person',
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});
const shipment = {
  from: address('90210', 'Beverly Hills', 'CA'),
  to: address('10118', 'New York', 'NY'),
  parcels: [{ length: 6, width: 6, height: 6, weight: 1.5 }],
};

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await startApp();
  admin = await loginToken(t.app, ADMIN.username, ADMIN.password);
});
afterAll(async () => t.close());

describe('channels, rate tables and zone charts', () => {
  let channelId: number;
  let serviceId: number;

  test('an admin creates a ratecard channel and service; bad settings are refused with the reason', async () => {
    const bad = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/create',
      payload: { name: 'Regional', platformCode: 'ratecard', carrierCode: 'UPS', settings: { shipperNumber: 'x' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().data.fields)).toEqual(['settings.shipperNumber']);
    expect(bad.json().message).toContain('shipperNumber');
    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/create',
      payload: { name: 'X', platformCode: 'nope', carrierCode: 'UPS' },
    });
    expect(unknown.json().data.fields.platformCode).toBe('Unknown carrier platform');

    channelId = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/channel/create',
        payload: {
          name: 'Regional UPS',
          platformCode: 'ratecard',
          carrierCode: 'UPS',
          settings: { shipperNumber: 'RG0001' },
        },
      })
    ).json().data.id;
    serviceId = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/channel/createNew',
        payload: {
          channelId,
          code: 'REG_GROUND',
          name: 'Regional Ground',
          carrierCode: 'UPS',
          settings: { dimDivisor: 139, deliveryDays: [1, 1, 2, 2, 3, 3, 4, 4, 5] },
        },
      })
    ).json().data.id;
    // A service's settings are its channel's platform's: a negative divisor is named on its field.
    const badService = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/createNew',
      payload: { channelId, code: 'REG_BAD', name: 'Bad', carrierCode: 'UPS', settings: { dimDivisor: -1 } },
    });
    expect(badService.statusCode).toBe(400);
    expect(Object.keys(badService.json().data.fields)).toEqual(['settings.dimDivisor']);
    // Settings changed later are checked the same way, and nothing is saved.
    const badUpdate = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/channel/update/${channelId}`,
      payload: { settings: { mailerId: '12' } },
    });
    expect(Object.keys(badUpdate.json().data.fields)).toEqual(['settings.mailerId']);
    const tree = (await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/getChannelThree' })).json().data;
    const ratecard = tree.find((node: { code: string }) => node.code === 'ratecard');
    expect(ratecard.channels.map((c: { name: string }) => c.name)).toContain('Regional UPS');
  });

  test('a rate table with bad cells is refused, naming row and column, and changes nothing', async () => {
    const res = await upload(
      t.app,
      admin,
      `/api/admin/channel/service/${serviceId}/rates`,
      'rates.csv',
      'weight,Zone 1,Zone X\n1 lb,5.00,abc\nheavy,6.00,7.00\n',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([
      { row: 1, column: 3, message: '"Zone X" is not a zone (1-12)' },
      { row: 2, column: 3, message: '"abc" is not a price' },
      { row: 3, column: 1, message: '"heavy" is not a weight (e.g. 4 oz, 1 lb)' },
    ]);
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/admin/channel/service/${serviceId}/rates` })).json().data,
    ).toEqual([]);
  });

  test('an imported rate table and zone chart price a shipment, and the quote says the zone came from the chart', async () => {
    const zones = Array.from({ length: 8 }, (_, i) => `Zone ${i + 1}`).join(',');
    const row = (weight: string, base: number) =>
      `${weight},${Array.from({ length: 8 }, (_, i) => (base + i).toFixed(2)).join(',')}`;
    const csv = [`weight,${zones}`, row('8 oz', 4), row('1 lb', 5), row('2 lb', 6), row('5 lb', 9)].join('\n');
    const imported = await upload(t.app, admin, `/api/admin/channel/service/${serviceId}/rates`, 'rates.csv', csv);
    expect(imported.json().data).toEqual({ rows: 32, zones: [1, 2, 3, 4, 5, 6, 7, 8] });

    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: customer.id, channelIds: [channelId] },
    });
    const distance = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: shipment })
    ).json().data;
    expect(distance).toHaveLength(1);
    // 1.5 lb → the 2 lb bracket; 90210 → 10118 is over 1800 miles: zone 8 → 6 + 7 = 13.00, plus the 10% default markup.
    expect(distance[0]).toMatchObject({
      serviceCode: 'REG_GROUND',
      zone: 8,
      zoneSource: 'distance',
      price: '14.30',
      billableWeightOz: [32],
    });

    const chart = await upload(
      t.app,
      admin,
      '/api/admin/channel/zone-chart',
      'chart.csv',
      'origin,destination,zone\n902,100-104,4\n',
    );
    expect(chart.json().data).toEqual({ pairs: 5, origins: 1 });
    const charted = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: shipment })
    ).json().data;
    expect(charted[0]).toMatchObject({ zone: 4, zoneSource: 'chart', price: '9.90' });
  });

  test('a user-specific price rule beats the default; staff see cost and margin, customers do not', async () => {
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: customer.id, channelIds: [channelId] },
    });
    const rule = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/compute/addOrUpdate',
        payload: { name: 'VIP', serviceId, percent: '0', fixed: '0.50' },
      })
    ).json().data.id;
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/addUserPriceRuleRelation',
      payload: { userId: customer.id, ruleId: rule },
    });
    const quote = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: shipment })
    ).json().data[0];
    expect(quote.price).toBe('9.50');
    expect(quote).not.toHaveProperty('cost');

    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: 1, channelIds: [channelId] },
    });
    const staffQuote = (
      await call(t.app, admin, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: shipment })
    ).json().data[0];
    expect(staffQuote).toMatchObject({ price: '9.90', cost: '9.00', margin: '0.90' });
    const rules = (await call(t.app, admin, { method: 'GET', url: `/api/admin/compute/getInfo?id=${rule}` })).json()
      .data;
    expect(rules[0].users.map((u: { id: number }) => u.id)).toEqual([customer.id]);
  });

  test('a change sent alone changes only itself: a channel, a service and a price rule keep what was left out', async () => {
    const channel = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/channel/create',
        payload: {
          name: 'Kept UPS',
          platformCode: 'ratecard',
          carrierCode: 'UPS',
          settings: { shipperNumber: 'KP0001' },
          autoAllot: true,
          status: 0,
          sort: 7,
        },
      })
    ).json().data.id;
    const service = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/channel/createNew',
        payload: {
          channelId: channel,
          code: 'KEPT_GROUND',
          name: 'Kept Ground',
          carrierCode: 'UPS',
          settings: { dimDivisor: 139 },
          status: 0,
          sort: 3,
        },
      })
    ).json().data.id;
    const channelNow = async () => {
      const tree = (await call(t.app, admin, { method: 'GET', url: '/api/admin/channel/getChannelThree' })).json().data;
      return tree
        .flatMap((node: { channels: { id: number }[] }) => node.channels)
        .find((one: { id: number }) => one.id === channel);
    };

    const renamed = await call(t.app, admin, {
      method: 'POST',
      url: `/api/admin/channel/update/${channel}`,
      payload: { name: 'Kept UPS (renamed)' },
    });
    expect(renamed.statusCode).toBe(200);
    const enabled = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/updateMixSet',
      payload: { serviceId: service, status: 1 },
    });
    expect(enabled.statusCode).toBe(200);
    const now = await channelNow();
    expect(now).toMatchObject({
      name: 'Kept UPS (renamed)',
      settings: { shipperNumber: 'KP0001' },
      autoAllot: true,
      status: 0,
      sort: 7,
    });
    expect(now.services).toEqual([
      expect.objectContaining({ id: service, name: 'Kept Ground', settings: { dimDivisor: 139 }, status: 1, sort: 3 }),
    ]);

    const rule = (
      await call(t.app, admin, {
        method: 'POST',
        url: '/api/admin/compute/addOrUpdate',
        payload: { name: 'Kept markup', channelId: channel, percent: '12.5', fixed: '0.75', status: 0 },
      })
    ).json().data.id;
    const ruleRenamed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/compute/addOrUpdate',
      payload: { id: rule, name: 'Kept markup (renamed)' },
    });
    expect(ruleRenamed.statusCode).toBe(200);
    const ruleNow = (await call(t.app, admin, { method: 'GET', url: `/api/admin/compute/getInfo?id=${rule}` })).json()
      .data[0];
    expect(ruleNow).toMatchObject({
      name: 'Kept markup (renamed)',
      channelId: channel,
      serviceId: null,
      percent: '12.50',
      fixed: '0.75',
      isDefault: false,
      status: 0,
    });
    // A new rule still needs its name, and takes the defaults for the rest.
    const nameless = await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/compute/addOrUpdate',
      payload: { percent: '5' },
    });
    expect(nameless.statusCode).toBe(400);
    expect(Object.keys(nameless.json().data.fields)).toEqual(['name']);
    const plain = (
      await call(t.app, admin, { method: 'POST', url: '/api/admin/compute/addOrUpdate', payload: { name: 'Plain' } })
    ).json().data.id;
    expect(
      (await call(t.app, admin, { method: 'GET', url: `/api/admin/compute/getInfo?id=${plain}` })).json().data[0],
    ).toMatchObject({ channelId: null, serviceId: null, percent: '0.00', fixed: '0.00', isDefault: false, status: 1 });
    // Out of the tests after this one (a new customer would be allotted the channel).
    expect((await call(t.app, admin, { method: 'POST', url: `/api/admin/channel/delete/${channel}` })).statusCode).toBe(
      200,
    );
  });

  test('a channel with orders cannot be deleted; a disabled channel stops quoting', async () => {
    const customer = await createActiveCustomer(t, admin);
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/balance/adjust',
      payload: { userId: customer.id, currency: 'USD', amount: '20', remark: 'x' },
    });
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: customer.id, channelIds: [channelId] },
    });
    const { orderId } = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/draft', payload: shipment })
    ).json().data;
    const bought = await call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/label/create',
      payload: { orderId, serviceId },
    });
    expect(bought.json().message).toBe('success');
    const del = await call(t.app, admin, { method: 'POST', url: `/api/admin/channel/delete/${channelId}` });
    expect(del.statusCode).toBe(409);
    await call(t.app, admin, { method: 'POST', url: `/api/admin/channel/enable/${channelId}`, payload: { status: 0 } });
    const quotes = (
      await call(t.app, customer.token, { method: 'POST', url: '/api/app/order/estimateRateMix', payload: shipment })
    ).json().data;
    expect(quotes).toEqual([]);
  });

  test("staff see what a customer's quotes offer beside the allotment in full, and why a service is missing", async () => {
    // The channel of the tests above is disabled by now; the demo channels are allotted to every new customer.
    const customer = await createActiveCustomer(t, admin);
    const allotted = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/user-channel?userId=${customer.id}` })
    ).json().data as number[];
    await call(t.app, admin, {
      method: 'POST',
      url: '/api/admin/channel/allot-channel',
      payload: { userId: customer.id, channelIds: [...allotted, channelId] },
    });
    const detail = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/user-channel-new?userId=${customer.id}` })
    ).json().data as { channelId: number; enabled: boolean; services: { id: number; enabled: boolean }[] }[];
    expect(detail.map((channel) => channel.channelId).sort()).toEqual([...allotted, channelId].sort());
    const disabled = detail.find((channel) => channel.channelId === channelId);
    expect(disabled).toMatchObject({ enabled: false, services: [{ id: serviceId, enabled: true }] });

    const offered = (
      await call(t.app, admin, { method: 'GET', url: `/api/admin/user-carrier-sever?userId=${customer.id}` })
    ).json().data as { serviceId: number; channelId: number }[];
    // What the customer's own list of services says, and never a service of the disabled channel.
    const own = (await call(t.app, customer.token, { method: 'GET', url: '/api/app/user/channels' })).json().data;
    expect(offered).toEqual(own);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.some((service) => service.serviceId === serviceId)).toBe(false);

    for (const url of ['user-channel-new', 'user-carrier-sever']) {
      const refused = await call(t.app, customer.token, {
        method: 'GET',
        url: `/api/admin/${url}?userId=${customer.id}`,
      });
      expect(refused.statusCode).toBe(403);
    }
    const bad = await call(t.app, admin, { method: 'GET', url: '/api/admin/user-carrier-sever?userId=abc' });
    expect(bad.statusCode).toBe(400);
  });
});
