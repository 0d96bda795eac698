/** An upstream carrier's channel and a merchant with a draft on it, through the platform's own calls. */
import { afterAll, beforeAll, expect } from 'vitest';
import type { CarrierAdapter } from '../src/carriers/contract/adapter.ts';
import type { ChannelConfig } from '../src/carriers/contract/channel.ts';
import type { Shipment } from '../src/carriers/contract/shipment.ts';
import { apiLogSink } from '../src/modules/api-log/service.ts';
import { sweepLapsedPurchases } from '../src/modules/purchase/purchase-recovery.ts';
import { trackingProviders } from '../src/modules/tracking/providers.ts';
import { refreshTracking } from '../src/modules/tracking/service.ts';
import { createUpstreamClient } from '../src/outbound/client.ts';
import { type EasyPostStandIn, startEasyPostStandIn } from '../standins/easypost.ts';
import { startUspsStandIn, type UspsStandIn } from '../standins/usps.ts';
import { ADMIN, call, createActiveCustomer, loginToken, startApp, type TestApp } from './helpers.ts';

export const EASYPOST_KEY = 'EZTKstandin0123456789';

/** A party's e-mail, as a merchant types it: never sent to a carrier (test/recipient-email.test.ts). */
export const emailOf = (personName: string) => `${personName.toLowerCase().replaceAll(' ', '.')}@parties.example`;

export const address = (zipCode: string, city: string, stateCode: string, personName: string) => ({
  personName,
  phone: '310-555-0100',
  email: emailOf(personName),
  countryCode: 'US',
  stateCode,
  city,
  addressLine1: '1 Main St',
  zipCode,
});

/** A shipment from Beverly Hills of `parcels` boxes of 1, 2, 3… lb (10 x 8 x 4 in) to `toZip` in New York. */
export const testShipment = (parcels = 2, toZip = '10118'): Shipment => ({
  from: address('90210', 'Beverly Hills', 'CA', 'Ada Shipper'),
  to: address(toZip, 'New York', 'NY', 'Grace Buyer'),
  parcels: Array.from({ length: parcels }, (_, index) => ({
    length: 10,
    width: 8,
    height: 4,
    weight: index + 1,
    massUnit: 'lb' as const,
    distanceUnit: 'in' as const,
  })),
  residential: true,
  batteryType: 'none',
});

/**
 * The channel's client as the platform builds it (without the gate), with its waits recorded instead of
 * waited, and the channel's API log rows.
 */
export function adapterClient(t: TestApp, adapter: CarrierAdapter, config: ChannelConfig) {
  const waits: number[] = [];
  const upstream = adapter.upstream?.(config.settings);
  if (!upstream) throw new Error(`${adapter.code} calls out to no one`);
  const http = createUpstreamClient({
    ...upstream,
    channelId: config.id,
    log: apiLogSink(t.ctx.db, t.app.log),
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
  const logged = () =>
    t.ctx.db.selectFrom('api_logs').selectAll().where('channel_id', '=', config.id).orderBy('id').execute();
  return { deps: { http }, waits, logged };
}

/**
 * A call that met a 429 asking for 3 s and then a broken body: waited as told, then retried as transient,
 * each answer logged as such. `rows` are the call's API log rows; the adapter reads their messages itself.
 */
export function expectThrottledThenBroken(waits: number[], rows: { outcome: string; http_status: number | null }[]) {
  expect(waits[0]).toBe(3000);
  expect(waits).toHaveLength(2);
  expect(rows.map((row) => [row.outcome, row.http_status])).toEqual([
    ['rateLimited', 429],
    ['transient', 200],
    ['ok', 200],
  ]);
}

const FROM = address('90210', 'Beverly Hills', 'CA', 'Ada Shipper');
const TO = { ...address('10118', 'New York', 'NY', 'Grace Buyer'), isResidential: true };
const box = (weight: number) => ({ length: 10, width: 8, height: 4, weight, insuredValue: '0' });

/** A channel of `platformCode` with `settings` as given, and one service under it with `serviceSettings`. */
export async function upstreamChannel(
  t: TestApp,
  admin: string,
  platformCode: string,
  settings: Record<string, unknown>,
  serviceSettings: Record<string, string>,
) {
  const channel = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/channel/create',
    payload: { name: platformCode, platformCode, carrierCode: 'USPS', settings },
  });
  expect(channel.statusCode).toBe(200);
  const channelId = channel.json().data.id as number;
  const label = Object.values(serviceSettings).join(' ');
  const created = await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/channel/createNew',
    payload: {
      channelId,
      code: `${platformCode}_${label.replace(/\W+/g, '_')}_${channelId}`.toUpperCase(),
      name: `${platformCode} ${label}`,
      carrierCode: 'USPS',
      settings: serviceSettings,
    },
  });
  expect(created.statusCode).toBe(200);
  return { channelId, serviceId: created.json().data.id as number };
}

/** An EasyPost channel with `settings` as given, and one service (`carrier`/`service` as EasyPost names them). */
export function easypostChannel(
  t: TestApp,
  admin: string,
  settings: Record<string, unknown>,
  named: { carrier: string; service: string } = { carrier: 'USPS', service: 'Priority' },
) {
  return upstreamChannel(t, admin, 'easypost', settings, named);
}

/**
 * A merchant funded with `funds` dollars, allotted the channel, with one draft of parcels weighing
 * `weights` pounds (registered with `invitationCode`, a seller's customer); and the reads and calls tests
 * make of it.
 */
export async function merchantOn(
  t: TestApp,
  admin: string,
  channelId: number,
  {
    funds = '200.00',
    weights = [2, 1],
    invitationCode,
  }: { funds?: string; weights?: number[]; invitationCode?: string } = {},
) {
  const customer = await createActiveCustomer(t, admin, undefined, undefined, invitationCode ? { invitationCode } : {});
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/balance/adjust',
    payload: { userId: customer.id, currency: 'USD', amount: funds, remark: 'test funds' },
  });
  await call(t.app, admin, {
    method: 'POST',
    url: '/api/admin/channel/allot-channel',
    payload: { userId: customer.id, channelIds: [channelId] },
  });
  const newDraft = () =>
    call(t.app, customer.token, {
      method: 'POST',
      url: '/api/app/order/draft',
      payload: { from: FROM, to: TO, parcels: weights.map(box) },
    });
  const draft = await newDraft();
  const orderId = draft.json().data.orderId as number;
  return {
    customer,
    orderId,
    orderNo: draft.json().data.orderNo as string,
    /** Another draft like the first; its id. */
    another: async () => (await newDraft()).json().data.orderId as number,
    buy: (serviceId: number, id = orderId) =>
      call(t.app, customer.token, {
        method: 'POST',
        url: '/api/app/order/label/create',
        payload: { orderId: id, serviceId },
      }),
    order: (id = orderId) => t.ctx.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    /** The purchase's claim lapses (its instance is gone), and a sweep of the purchases left in 17 runs. */
    lapseAndSweep: async () => {
      await t.ctx.db
        .updateTable('orders')
        .set({ placing_until: Date.now() - 1 })
        .where('id', '=', orderId)
        .execute();
      await sweepLapsedPurchases(t.ctx);
    },
    /** A tracking round over the draft's parcels, as the refresh would run it. */
    refreshTracking: async () => {
      const parcels = await t.ctx.db.selectFrom('parcels').select('id').where('order_id', '=', orderId).execute();
      await refreshTracking(
        t.ctx,
        trackingProviders(t.ctx),
        30,
        parcels.map((parcel) => parcel.id),
      );
    },
    balance: async () =>
      (
        await t.ctx.db
          .selectFrom('wallets')
          .select('balance')
          .where('user_id', '=', customer.id)
          .where('currency', '=', 'USD')
          .executeTakeFirstOrThrow()
      ).balance,
  };
}

/** The USPS account the stand-in knows (client credentials, CRID, MID, EPS account). */
export const USPS_ACCOUNT = {
  clientId: 'usps-address-app',
  clientSecret: 'usps-address-secret-0123',
  crid: '56982563',
  mid: '904128936',
  accountNumber: '1000405525',
};

/**
 * The app with an EasyPost stand-in beside it, started before the file's tests and closed after (vitest
 * hooks); its fields are set once `beforeAll` has run.
 */
export function appWithEasyPost() {
  const env = {} as { t: TestApp; easypost: EasyPostStandIn; admin: string };
  beforeAll(async () => {
    [env.t, env.easypost] = await Promise.all([startApp(), startEasyPostStandIn({ apiKey: EASYPOST_KEY })]);
    env.admin = await loginToken(env.t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await env.easypost.close();
    await env.t.close();
  });
  return env;
}

/**
 * The app with USPS and EasyPost stand-ins beside it, started before the file's tests and closed after
 * (vitest hooks); its fields are set once `beforeAll` has run.
 */
export function appWithUspsAndEasyPost() {
  const env = {} as { t: TestApp; usps: UspsStandIn; easypost: EasyPostStandIn; admin: string };
  beforeAll(async () => {
    [env.t, env.usps, env.easypost] = await Promise.all([
      startApp(),
      startUspsStandIn(USPS_ACCOUNT),
      startEasyPostStandIn({ apiKey: EASYPOST_KEY }),
    ]);
    env.admin = await loginToken(env.t.app, ADMIN.username, ADMIN.password);
  });
  afterAll(async () => {
    await Promise.all([env.usps.close(), env.easypost.close()]);
    await env.t.close();
  });
  return env;
}

/** The pickup every carrier's conformance test books: the address of EasyPost's recorded pickup cassette. */
export const PICKUP = {
  labels: [{ trackingNumbers: ['9400100110368068952917'], upstreamId: 'shp_3e46729ec9c044939d326baf213ab3d5' }],
  address: {
    personName: 'Jason Bourne',
    company: 'ABC',
    phone: '3333333333',
    email: 'Jason.Bourne@test.com',
    countryCode: 'US',
    stateCode: 'MO',
    city: 'Saint Louis',
    addressLine1: '4120 Bingham',
    zipCode: '63116-2520',
  },
  date: '2026-12-01',
  window: { start: '09:00', end: '17:00' },
  location: 'FRONT_DOOR' as const,
  instructions: 'Have a nice day',
  packageCount: 1,
  weightOz: 80,
  reference: 'pickup 2026-12-01',
};

/** The demo carrier's Priority channel and service, its pickups charging `pickupFeeCents`. */
export async function demoPickupChannel(t: TestApp, pickupFeeCents: number) {
  const demo = await t.ctx.db
    .selectFrom('channels')
    .innerJoin('carrier_services', 'carrier_services.channel_id', 'channels.id')
    .select(['channels.id as channelId', 'carrier_services.id as serviceId', 'channels.settings'])
    .where('channels.platform_code', '=', 'ratecard')
    .where('carrier_services.code', 'like', '%PRIORITY%')
    .executeTakeFirstOrThrow();
  await t.ctx.db
    .updateTable('channels')
    .set({ settings: JSON.stringify({ ...JSON.parse(demo.settings), pickupFeeCents }) })
    .where('id', '=', demo.channelId)
    .execute();
  return demo;
}
