/**
 * Every operation of every adapter (carriers and stores), each run once against its provider's own
 * recorded answers (test/conformance/fixtures, test/fixtures/providers): the calls test/retry-classes.test.ts
 * discovers and then fails one at a time. A scenario only has to succeed; what it sends is the adapter's.
 */

import type { CarrierAdapter } from '../src/carriers/contract/adapter.ts';
import type { ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import { easypostAdapter } from '../src/carriers/easypost/adapter.ts';
import { karrioAdapter } from '../src/carriers/karrio/adapter.ts';
import { shipengineAdapter } from '../src/carriers/shipengine/adapter.ts';
import { uspsAdapter } from '../src/carriers/usps/adapter.ts';
import type { UpstreamClient } from '../src/outbound/types.ts';
import { shopifyConnection } from '../src/stores/client.ts';
import { shopifyAdapter, shopWeightUnit } from '../src/stores/shopify/adapter.ts';
import { exchangeCode } from '../src/stores/shopify/oauth.ts';
import { SHOPIFY_API_VERSION } from '../src/stores/shopify/wire.ts';
import type { Shipment, StoreConnection } from '../src/stores/types.ts';
import { siteWeightUnit, wooCommerceAdapter } from '../src/stores/woocommerce/adapter.ts';
import { wooComplaint } from '../src/stores/woocommerce/wire.ts';
import { bodyOf, type Connection, type Fixture, fixture, type RecordedCall, type Route } from './conformance/replay.ts';
import { madeAnswer, providerFixture } from './provider-fixtures.ts';
import { PICKUP, testShipment } from './upstream-fixtures.ts';

export interface Scenario {
  /** `<provider> <operation>`: the adapter's method (`billReports.request` for a nested one). */
  name: string;
  provider: Provider;
  routes: Route[];
  /** A fresh connection and the call (USPS tokens are kept per app: each run has an app of its own). */
  start(): { connection: Connection; run(http: UpstreamClient): Promise<unknown> };
}

export type Provider = 'easypost' | 'karrio' | 'shipengine' | 'usps' | 'shopify' | 'woocommerce';

/** Each provider's own answer to a call it failed on its side (5xx), as recorded. */
export const SERVER_ERRORS: Record<Provider, Fixture> = {
  easypost: fixture('easypost', 'error-503'),
  karrio: fixture('karrio', 'error-500'),
  shipengine: fixture('shipengine', 'error-500'),
  usps: fixture('usps', 'error-503'),
  shopify: fixture('shopify', 'server-error'),
  woocommerce: fixture('woocommerce', 'error-503-maintenance'),
};

const file = (bytes: Buffer, type: string) =>
  madeAnswer({ status: 200, headers: { 'content-type': type }, base64: bytes.toString('base64') });
const PDF = file(Buffer.from('%PDF-1.4\n% a form\n'), 'application/pdf');
const PNG = file(Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.from('label')]), 'image/png');

/** A carrier scenario: the adapter's connection for `settings`, and its call with a channel of them. */
function carrier(
  adapter: CarrierAdapter,
  name: string,
  routes: Route[],
  settings: () => Record<string, unknown>,
  run: (channel: ChannelConfig, http: UpstreamClient) => Promise<unknown>,
): Scenario {
  return {
    name: `${adapter.code} ${name}`,
    provider: adapter.code as Provider,
    routes,
    start() {
      const channel: ChannelConfig = {
        id: 1,
        name: adapter.code,
        platformCode: adapter.code,
        carrierCode: 'USPS',
        settings: adapter.channelSettings.parse(settings()),
      };
      const connection = adapter.upstream?.(channel.settings);
      if (!connection) throw new Error(`${adapter.code} calls out to no one`);
      return { connection, run: (http) => run(channel, http) };
    },
  };
}

const service = (adapter: CarrierAdapter, settings: Record<string, unknown>): ServiceConfig => ({
  id: 7,
  channelId: 1,
  code: 'SERVICE',
  name: 'Service',
  carrierCode: 'USPS',
  settings: adapter.serviceSettings.parse(settings),
  version: 1,
});

function purchase(channel: ChannelConfig, wanted: ServiceConfig) {
  return {
    channel,
    service: wanted,
    shipment: testShipment(1),
    idempotencyKey: 'PP-RETRY-1:1',
    reference: 'PP-RETRY-1',
    nextNumbers: async (): Promise<number> => {
      throw new Error('the carrier numbers its own labels');
    },
    remember: async () => undefined,
  };
}

const voidOf = (channel: ChannelConfig, upstreamId: string | null, trackingNumbers: string[] = []) => ({
  channel,
  upstreamId,
  trackingNumbers,
  reference: 'PP-RETRY-1',
});

const FROM = testShipment(1).from;

// --- EasyPost

const ep = (name: string) => fixture('easypost', name);
const idOf = (item: Fixture) => (bodyOf(item) as { id: string }).id;
const EP_LABEL = /\/files\/postage_label\/.+\.png$/;
const EP_FORM = /\/files\/scan_form\/.+\.pdf$/;
const EP_SETTINGS = () => ({ apiKey: 'EZTKretry0123' });
const EP_GROUND = service(easypostAdapter, { carrier: 'USPS', service: 'GroundAdvantage' });
const epCarrier = (name: string, routes: Route[], run: Parameters<typeof carrier>[4]) =>
  carrier(easypostAdapter, name, routes, EP_SETTINGS, run);
const EP_LISTED = providerFixture('easypost', 'scan-forms-list');
const epListedForm = (bodyOf(EP_LISTED) as { scan_forms: { tracking_codes: string[]; created_at: string }[] })
  .scan_forms[1] as { tracking_codes: string[]; created_at: string };

const EASYPOST: Scenario[] = [
  epCarrier('rate', [{ method: 'POST', path: '/v2/shipments', answers: ep('shipment-create') }], (channel, http) =>
    easypostAdapter.rate({ channel, services: [EP_GROUND], shipment: testShipment(1) }, { http }),
  ),
  epCarrier(
    'purchase',
    [
      { method: 'POST', path: '/v2/shipments', answers: ep('shipment-create') },
      { method: 'POST', path: `/v2/shipments/${idOf(ep('shipment-create'))}/buy`, answers: ep('shipment-buy') },
      { method: 'GET', path: EP_LABEL, answers: PNG },
    ],
    (channel, http) => easypostAdapter.purchase(purchase(channel, EP_GROUND), { http }),
  ),
  epCarrier(
    'void',
    [{ method: 'POST', path: `/v2/shipments/${idOf(ep('shipment-refund'))}/refund`, answers: ep('shipment-refund') }],
    (channel, http) => easypostAdapter.void(voidOf(channel, idOf(ep('shipment-refund'))), { http }),
  ),
  epCarrier(
    'voidStatus',
    [{ method: 'GET', path: `/v2/shipments/${idOf(ep('shipment-refund'))}`, answers: ep('shipment-refund') }],
    (channel, http) =>
      easypostAdapter.voidStatus?.(voidOf(channel, idOf(ep('shipment-refund'))), { http }) as Promise<unknown>,
  ),
  // Bought in part: the bought shipment is refunded (a write inside a lookup).
  epCarrier(
    'findPurchase',
    [
      {
        method: 'GET',
        path: `/v2/shipments/${idOf(ep('shipment-retrieve-bought'))}`,
        answers: ep('shipment-retrieve-bought'),
      },
      {
        method: 'GET',
        path: `/v2/shipments/${idOf(ep('shipment-retrieve-unbought'))}`,
        answers: ep('shipment-retrieve-unbought'),
      },
      {
        method: 'POST',
        path: `/v2/shipments/${idOf(ep('shipment-retrieve-bought'))}/refund`,
        answers: ep('shipment-refund'),
      },
    ],
    (channel, http) =>
      easypostAdapter.findPurchase?.(
        {
          channel,
          upstreamId: `${idOf(ep('shipment-retrieve-bought'))},${idOf(ep('shipment-retrieve-unbought'))}`,
          reference: 'PP-RETRY-1',
        },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'track',
    [{ method: 'POST', path: '/v2/trackers', answers: ep('tracker-create') }],
    (channel, http) =>
      easypostAdapter.track?.(
        { channel, parcels: [{ trackingNumber: 'EZ1', carrierCode: 'USPS' }] },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'validateAddress',
    [{ method: 'POST', path: '/v2/addresses', answers: ep('address-verify-success') }],
    (channel, http) => easypostAdapter.validateAddress?.({ channel, address: FROM }, { http }) as Promise<unknown>,
  ),
  epCarrier(
    'manifest',
    [
      { method: 'POST', path: '/v2/scan_forms', answers: ep('scan-form-create') },
      { method: 'GET', path: EP_FORM, answers: PDF },
    ],
    (channel, http) =>
      easypostAdapter.manifest?.(
        {
          channel,
          labels: [{ trackingNumbers: ['9400100110368068953112'], upstreamId: 'shp_f169ca22aa4f474899d5f58c7d337356' }],
          from: FROM,
          shipDate: '2024-07-30',
          reference: 'manifest 2024-07-30',
        },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'findManifest',
    [
      { method: 'GET', path: '/v2/scan_forms', answers: EP_LISTED },
      { method: 'GET', path: EP_FORM, answers: PDF },
    ],
    (channel, http) =>
      easypostAdapter.findManifest?.(
        {
          channel,
          labels: [{ trackingNumbers: epListedForm.tracking_codes, upstreamId: null }],
          askedAt: Date.parse(epListedForm.created_at),
          reference: 'manifest 2024-04-05',
        },
        { http },
      ) as Promise<unknown>,
  ),
  // Unsigned: refused before anything is read (EasyPost's pushes call nothing).
  epCarrier('webhook', [], async (channel, http) =>
    easypostAdapter.webhook?.({ channel, headers: {}, rawBody: '{}' }, { http }),
  ),
  epCarrier(
    'billReports.request',
    [{ method: 'POST', path: '/v2/reports/shipment_invoice', answers: ep('report-create') }],
    (channel, http) =>
      easypostAdapter.billReports?.request(
        { channel, from: '2022-04-11', to: '2022-04-11' },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'billReports.find',
    [{ method: 'GET', path: '/v2/reports/shipment_invoice', answers: ep('report-list') }],
    (channel, http) =>
      easypostAdapter.billReports?.find(
        { channel, from: '2022-04-11', to: '2022-04-11', askedAt: Date.parse('2023-02-07T19:26:44Z') },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'billReports.read',
    [
      {
        method: 'GET',
        path: `/v2/reports/${idOf(ep('report-retrieve-available'))}`,
        answers: ep('report-retrieve-available'),
      },
      { method: 'GET', path: /\/files\/shipment_report\//, answers: file(Buffer.from('id\n'), 'text/csv') },
    ],
    (channel, http) =>
      easypostAdapter.billReports?.read(
        { channel, id: idOf(ep('report-retrieve-available')) },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'pickups.book',
    [
      { method: 'POST', path: '/v2/pickups', answers: ep('pickup-create') },
      { method: 'POST', path: `/v2/pickups/${idOf(ep('pickup-create'))}/buy`, answers: ep('pickup-buy') },
    ],
    (channel, http) => easypostAdapter.pickups?.book({ channel, ...PICKUP }, { http }) as Promise<unknown>,
  ),
  epCarrier(
    'pickups.find',
    [{ method: 'GET', path: '/v2/pickups', answers: providerFixture('easypost', 'pickups-list') }],
    (channel, http) =>
      easypostAdapter.pickups?.find?.(
        { channel, ...PICKUP, askedAt: Date.parse('2022-09-29T15:50:00Z') },
        { http },
      ) as Promise<unknown>,
  ),
  epCarrier(
    'pickups.cancel',
    [{ method: 'POST', path: `/v2/pickups/${idOf(ep('pickup-create'))}/cancel`, answers: ep('pickup-cancel') }],
    (channel, http) =>
      easypostAdapter.pickups?.cancel(
        { channel, upstreamId: idOf(ep('pickup-create')), confirmation: '', reference: 'pickup' },
        { http },
      ) as Promise<unknown>,
  ),
];

// --- Karrio

const ka = (name: string) => fixture('karrio', name);
const KA_SHIPMENT = idOf(ka('shipment-draft'));
const KA_SETTINGS = () => ({ apiKey: 'key_retry', baseUrl: 'https://karrio.example.com' });
const KA_SERVICE = service(karrioAdapter, { service: 'canadapost_priority', carrierId: 'canadapost' });
const kaCarrier = (name: string, routes: Route[], run: Parameters<typeof carrier>[4]) =>
  carrier(karrioAdapter, name, routes, KA_SETTINGS, run);
const KA_LABEL: Route = { method: 'GET', path: `/v1/shipments/${KA_SHIPMENT}/label.pdf`, answers: ka('label') };

const KARRIO: Scenario[] = [
  kaCarrier('rate', [{ method: 'POST', path: '/v1/proxy/rates', answers: ka('rates') }], (channel, http) =>
    karrioAdapter.rate({ channel, services: [KA_SERVICE], shipment: testShipment(1) }, { http }),
  ),
  kaCarrier(
    'purchase',
    [
      { method: 'POST', path: '/v1/shipments', answers: ka('shipment-draft') },
      { method: 'POST', path: `/v1/shipments/${KA_SHIPMENT}/purchase`, answers: ka('shipment-purchased') },
      KA_LABEL,
    ],
    (channel, http) => karrioAdapter.purchase(purchase(channel, KA_SERVICE), { http }),
  ),
  kaCarrier(
    'void',
    [{ method: 'POST', path: `/v1/shipments/${KA_SHIPMENT}/cancel`, answers: ka('shipment-cancelled') }],
    (channel, http) => karrioAdapter.void(voidOf(channel, KA_SHIPMENT), { http }),
  ),
  kaCarrier(
    'findPurchase',
    [{ method: 'GET', path: `/v1/shipments/${KA_SHIPMENT}`, answers: ka('shipment-purchased') }, KA_LABEL],
    (channel, http) =>
      karrioAdapter.findPurchase?.(
        { channel, upstreamId: KA_SHIPMENT, reference: 'PP-RETRY-1' },
        { http },
      ) as Promise<unknown>,
  ),
  kaCarrier(
    'track',
    [{ method: 'GET', path: '/v1/trackers/123456789012', answers: ka('tracker-delivered') }],
    (channel, http) =>
      karrioAdapter.track?.(
        { channel, parcels: [{ trackingNumber: '123456789012', carrierCode: 'FEDEX' }] },
        { http },
      ) as Promise<unknown>,
  ),
];

// --- ShipEngine

const se = (name: string) => fixture('shipengine', name);
const SE_LABEL_ID = (bodyOf(se('label')) as { label_id: string }).label_id;
const SE_SETTINGS = () => ({
  apiKey: 'TEST_retry_key',
  baseUrl: 'https://api.shipengine.com',
  carrierIds: ['se-423888', 'se-656171'],
  senderPhone: '212-555-0199',
});
const SE_SERVICE = service(shipengineAdapter, { carrierId: 'se-656171', serviceCode: 'usps_priority_mail' });
const seCarrier = (name: string, routes: Route[], run: Parameters<typeof carrier>[4]) =>
  carrier(shipengineAdapter, name, routes, SE_SETTINGS, run);
const SE_FILE: Route = { method: 'GET', path: /\/v1\/downloads\//, answers: se('label-file') };

/** The id ShipEngine's published example gives its pickup. */
const SE_PICKUP = (bodyOf(se('pickup-schedule')) as { pickup_id: string }).pickup_id;

const SHIPENGINE: Scenario[] = [
  seCarrier('rate', [{ method: 'POST', path: '/v1/rates', answers: se('rates') }], (channel, http) =>
    shipengineAdapter.rate({ channel, services: [SE_SERVICE], shipment: testShipment(1) }, { http }),
  ),
  // A lost label answer is looked up by its external shipment id, never bought again.
  seCarrier(
    'purchase',
    [
      { method: 'POST', path: '/v1/labels', answers: se('label') },
      { method: 'GET', path: /\/v1\/labels\/external_shipment_id\//, answers: se('label') },
      SE_FILE,
    ],
    (channel, http) => shipengineAdapter.purchase(purchase(channel, SE_SERVICE), { http }),
  ),
  seCarrier(
    'void',
    [{ method: 'PUT', path: `/v1/labels/${SE_LABEL_ID}/void`, answers: se('void-approved') }],
    (channel, http) => shipengineAdapter.void(voidOf(channel, SE_LABEL_ID), { http }),
  ),
  seCarrier(
    'voidStatus',
    [{ method: 'GET', path: `/v1/labels/${SE_LABEL_ID}`, answers: se('label-refund-pending') }],
    (channel, http) => shipengineAdapter.voidStatus?.(voidOf(channel, SE_LABEL_ID), { http }) as Promise<unknown>,
  ),
  seCarrier(
    'findPurchase',
    [{ method: 'GET', path: /\/v1\/labels\/external_shipment_id\//, answers: se('label') }, SE_FILE],
    (channel, http) =>
      shipengineAdapter.findPurchase?.(
        { channel, upstreamId: 'PP-RETRY-1:1', reference: 'PP-RETRY-1' },
        { http },
      ) as Promise<unknown>,
  ),
  seCarrier(
    'validateAddress',
    [{ method: 'POST', path: '/v1/addresses/validate', answers: se('validate-verified') }],
    (channel, http) => shipengineAdapter.validateAddress?.({ channel, address: FROM }, { http }) as Promise<unknown>,
  ),
  seCarrier(
    'track',
    [{ method: 'GET', path: '/v1/tracking', answers: se('tracking-delivered') }],
    (channel, http) =>
      shipengineAdapter.track?.(
        { channel, parcels: [{ trackingNumber: '332980205337', carrierCode: 'UPS' }] },
        { http },
      ) as Promise<unknown>,
  ),
  // Unsigned: refused before ShipEngine's keys are asked for.
  seCarrier('webhook', [], async (channel, http) =>
    shipengineAdapter.webhook?.({ channel, headers: {}, rawBody: '{}' }, { http }),
  ),
  seCarrier(
    'pickups.book',
    [{ method: 'POST', path: '/v1/pickups', answers: se('pickup-schedule') }],
    (channel, http) => shipengineAdapter.pickups?.book({ channel, ...PICKUP }, { http }) as Promise<unknown>,
  ),
  seCarrier(
    'pickups.find',
    [{ method: 'GET', path: '/v1/pickups', answers: se('pickup-list') }],
    (channel, http) =>
      shipengineAdapter.pickups?.find?.(
        { channel, ...PICKUP, askedAt: Date.parse('2018-09-23T15:05:00.000Z') },
        { http },
      ) as Promise<unknown>,
  ),
  seCarrier(
    'pickups.cancel',
    [{ method: 'DELETE', path: `/v1/pickups/${SE_PICKUP}`, answers: se('pickup-delete') }],
    (channel, http) =>
      shipengineAdapter.pickups?.cancel(
        { channel, upstreamId: SE_PICKUP, confirmation: '', reference: 'pickup' },
        { http },
      ) as Promise<unknown>,
  ),
];

// --- USPS

const us = (name: string) => fixture('usps', name);
let uspsApps = 0;
const US_SETTINGS = () => ({
  clientId: `retry-${uspsApps++}`,
  clientSecret: 'usps-retry-secret',
  crid: '56982563',
  mid: '904128936',
  accountNumber: '1000405525',
  baseUrl: 'https://apis.usps.com',
});
const US_PRIORITY = service(uspsAdapter, { mailClass: 'PRIORITY_MAIL' });
const US_TOKENS: Route[] = [
  { method: 'POST', path: '/oauth2/v3/token', answers: us('token') },
  { method: 'POST', path: '/payments/v3/payment-authorization', answers: us('payment-authorization') },
];
const US_NUMBER = (bodyOf(us('label')) as { trackingNumber: string }).trackingNumber;
const usCarrier = (name: string, routes: Route[], run: Parameters<typeof carrier>[4]) =>
  carrier(uspsAdapter, name, [...US_TOKENS, ...routes], US_SETTINGS, run);
/** The labels of USPS's example SCAN form request. */
const US_FORM_REQUEST = us('scan-form').request?.body as { shipment: { trackingNumbers: string[] } } | undefined;
const US_FORM_LABELS = US_FORM_REQUEST?.shipment.trackingNumbers ?? [];

const US_PICKUPS = '/pickup/v3/carrier-pickup';
/** The confirmation number of USPS's pickup as its fixture answers it. */
const US_PICKUP = (bodyOf(us('pickup-schedule')) as { confirmationNumber: string }).confirmationNumber;

const USPS: Scenario[] = [
  usCarrier(
    'rate',
    [{ method: 'POST', path: '/shipments/v3/options/search', answers: us('options-search') }],
    (channel, http) => uspsAdapter.rate({ channel, services: [US_PRIORITY], shipment: testShipment(1) }, { http }),
  ),
  usCarrier('purchase', [{ method: 'POST', path: '/labels/v3/label', answers: us('label') }], (channel, http) =>
    uspsAdapter.purchase(purchase(channel, US_PRIORITY), { http }),
  ),
  // USPS's refusal of a cancel is the void rejected (a DELETE: the same however often it is sent).
  usCarrier(
    'void',
    [{ method: 'DELETE', path: `/labels/v3/label/${US_NUMBER}`, answers: us('error-400-gateway-validation') }],
    (channel, http) => uspsAdapter.void(voidOf(channel, US_NUMBER, [US_NUMBER]), { http }),
  ),
  usCarrier(
    'voidStatus',
    [],
    (channel, http) => uspsAdapter.voidStatus?.(voidOf(channel, US_NUMBER), { http }) as Promise<unknown>,
  ),
  usCarrier(
    'findPurchase',
    [{ method: 'POST', path: `/labels/v3/label-reprint/${US_NUMBER}`, answers: us('label-reprint') }],
    (channel, http) =>
      uspsAdapter.findPurchase?.(
        { channel, upstreamId: US_NUMBER, reference: 'PP-RETRY-1' },
        { http },
      ) as Promise<unknown>,
  ),
  usCarrier(
    'manifest',
    [{ method: 'POST', path: '/scan-forms/v3/scan-form', answers: us('scan-form') }],
    (channel, http) =>
      uspsAdapter.manifest?.(
        {
          channel,
          labels: [{ trackingNumbers: US_FORM_LABELS, upstreamId: US_FORM_LABELS[0] ?? null }],
          from: FROM,
          shipDate: '2023-04-19',
          reference: 'manifest 2023-04-19',
        },
        { http },
      ) as Promise<unknown>,
  ),
  usCarrier(
    'validateAddress',
    [{ method: 'GET', path: '/addresses/v3/address', answers: us('address') }],
    (channel, http) => uspsAdapter.validateAddress?.({ channel, address: FROM }, { http }) as Promise<unknown>,
  ),
  usCarrier(
    'track',
    [{ method: 'GET', path: `/tracking/v3/tracking/${US_NUMBER}`, answers: us('tracking') }],
    (channel, http) =>
      uspsAdapter.track?.(
        { channel, parcels: [{ trackingNumber: US_NUMBER, carrierCode: 'USPS' }] },
        { http },
      ) as Promise<unknown>,
  ),
  usCarrier(
    'pickups.book',
    [{ method: 'POST', path: US_PICKUPS, answers: us('pickup-schedule') }],
    (channel, http) => uspsAdapter.pickups?.book({ channel, ...PICKUP }, { http }) as Promise<unknown>,
  ),
  usCarrier(
    'pickups.cancel',
    [
      { method: 'GET', path: `${US_PICKUPS}/${US_PICKUP}`, answers: us('pickup-get') },
      { method: 'DELETE', path: `${US_PICKUPS}/${US_PICKUP}`, answers: us('pickup-cancel') },
    ],
    (channel, http) =>
      uspsAdapter.pickups?.cancel(
        { channel, upstreamId: US_PICKUP, confirmation: US_PICKUP, reference: 'pickup' },
        { http },
      ) as Promise<unknown>,
  ),
];

// --- Shopify

const sh = (name: string) => fixture('shopify', name);
const SHOP = 'https://your-development-store.myshopify.com';
const GRAPHQL = `/admin/api/${SHOPIFY_API_VERSION}/graphql.json`;

/** The GraphQL operation a call names (`query OpenOrders(...)` → OpenOrders), or undefined for REST. */
export function graphqlOperationOf(call: RecordedCall): string | undefined {
  const query = (call.json as { query?: unknown } | undefined)?.query;
  return typeof query === 'string' ? /^\s*(?:query|mutation)\s+(\w+)/.exec(query)?.[1] : undefined;
}

/** Shopify's one GraphQL path, each operation answered with its fixture(s) in turn. */
function graphql(answers: Record<string, Fixture | Fixture[]>): Route {
  const served = new Map<string, number>();
  return {
    method: 'POST',
    path: GRAPHQL,
    answers: (call) => {
      const operation = graphqlOperationOf(call) ?? '';
      const list = [answers[operation] ?? []].flat();
      if (list.length === 0) throw new Error(`no fixture for the operation ${operation}`);
      const turn = served.get(operation) ?? 0;
      served.set(operation, turn + 1);
      return list[Math.min(turn, list.length - 1)] as Fixture;
    },
  };
}

const SHOPIFY_STORE: StoreConnection = {
  id: 1,
  platform: 'shopify',
  account: 'your-development-store.myshopify.com',
  credentials: { accessToken: 'shpat_retry' },
  weightUnit: 'lb',
};
const PUSHED: Shipment = {
  externalId: '450789469',
  trackingNumber: '9400111899223344556677',
  carrier: 'USPS',
  trackingUrl: '',
};

function store(
  provider: 'shopify' | 'woocommerce',
  name: string,
  routes: Route[],
  connection: () => Connection,
  run: (http: UpstreamClient) => Promise<unknown>,
): Scenario {
  return { name: `${provider} ${name}`, provider, routes, start: () => ({ connection: connection(), run }) };
}
const shopifyStore = (
  name: string,
  answers: Record<string, Fixture | Fixture[]>,
  run: (http: UpstreamClient) => Promise<unknown>,
  routes: Route[] = [],
) =>
  store(
    'shopify',
    name,
    [graphql(answers), ...routes],
    () => shopifyConnection(SHOP, 'shpat_retry', 'app-secret'),
    run,
  );

const SHOPIFY: Scenario[] = [
  shopifyStore('openOrders', { OpenOrders: sh('orders-last-page') }, async (http) => {
    for await (const _page of shopifyAdapter.openOrders(http, SHOPIFY_STORE));
  }),
  shopifyStore(
    'fulfil',
    { OrderFulfillmentOrders: sh('fulfillment-orders'), FulfillmentCreate: sh('fulfillment-create') },
    (http) => shopifyAdapter.fulfil(http, SHOPIFY_STORE, PUSHED),
  ),
  shopifyStore('findFulfilment', { OrderFulfillments: providerFixture('shopify', 'order-fulfillments') }, (http) =>
    shopifyAdapter.findFulfilment(http, SHOPIFY_STORE, PUSHED),
  ),
  shopifyStore('cancelFulfilment', { FulfillmentCancel: sh('fulfillment-cancel') }, (http) =>
    shopifyAdapter.cancelFulfilment(http, SHOPIFY_STORE, { externalId: PUSHED.externalId, fulfilmentId: '237894043' }),
  ),
  shopifyStore('eventOf', {}, (http) =>
    shopifyAdapter.eventOf(http, SHOPIFY_STORE, {
      topic: 'orders/create',
      rawBody: JSON.stringify(bodyOf(sh('webhook-orders-create'))),
    }),
  ),
  shopifyStore(
    'registerWebhooks',
    {
      WebhookSubscriptions: sh('webhook-subscriptions-none'),
      WebhookSubscriptionCreate: [
        sh('webhook-subscription-create-orders'),
        sh('webhook-subscription-create-orders'),
        sh('webhook-subscription-create'),
      ],
    },
    (http) => shopifyAdapter.registerWebhooks(http, SHOPIFY_STORE, 'https://parcelport.example/webhooks'),
  ),
  shopifyStore(
    'disconnect',
    { WebhookSubscriptionDelete: sh('webhook-subscription-delete'), AppUninstall: sh('app-uninstall') },
    (http) => shopifyAdapter.disconnect(http, SHOPIFY_STORE, ['8589934632']),
  ),
  shopifyStore(
    'exchangeCode',
    {},
    (http) => exchangeCode(http, { clientId: 'app-client', clientSecret: 'app-secret' }, 'the-code'),
    [{ method: 'POST', path: '/admin/oauth/access_token', answers: sh('access-token') }],
  ),
  shopifyStore('shopWeightUnit', { Shop: providerFixture('shopify', 'shop') }, (http) => shopWeightUnit(http)),
];

// --- WooCommerce

const wo = (name: string) => fixture('woocommerce', name);
const API = '/wp-json/wc/v3';
const wooRoute = (method: string, path: string, answers: Route['answers']): Route => ({
  method,
  path: `${API}${path}`,
  answers,
});
const WOO_STORE: StoreConnection = {
  id: 2,
  platform: 'woocommerce',
  account: 'https://example.com',
  credentials: { consumerKey: 'ck_retry', consumerSecret: 'cs_retry', webhookSecret: 'retry-secret' },
  weightUnit: 'lb',
};
const wooConnection = (): Connection => ({
  baseUrl: `https://example.com${API}`,
  authorize: () => ({ authorization: `Basic ${Buffer.from('ck_retry:cs_retry').toString('base64')}` }),
  errorOf: wooComplaint,
});
const wooStore = (name: string, routes: Route[], run: (http: UpstreamClient) => Promise<unknown>) =>
  store('woocommerce', name, routes, wooConnection, run);
const WOO_WEIGHTS = [
  wooRoute('GET', '/products', wo('products')),
  wooRoute('GET', '/products/22/variations', wo('variations')),
];
const WOO_PUSHED: Shipment = { ...PUSHED, externalId: '727' };

const WOOCOMMERCE: Scenario[] = [
  wooStore(
    'openOrders',
    [wooRoute('GET', '/orders', [wo('orders-page-1'), wo('orders-page-2')]), ...WOO_WEIGHTS],
    async (http) => {
      for await (const _page of wooCommerceAdapter.openOrders(http, WOO_STORE));
    },
  ),
  wooStore(
    'fulfil',
    [
      wooRoute('POST', '/orders/727/notes', wo('order-note-create')),
      wooRoute('PUT', '/orders/727', wo('order-update')),
    ],
    (http) => wooCommerceAdapter.fulfil(http, WOO_STORE, WOO_PUSHED),
  ),
  wooStore(
    'findFulfilment',
    [wooRoute('GET', '/orders/727/notes', providerFixture('woocommerce', 'order-notes'))],
    (http) => wooCommerceAdapter.findFulfilment(http, WOO_STORE, WOO_PUSHED),
  ),
  wooStore(
    'cancelFulfilment',
    [
      wooRoute('DELETE', '/orders/727/notes/281', wo('order-note-delete')),
      wooRoute('PUT', '/orders/727', wo('order-update')),
    ],
    (http) => wooCommerceAdapter.cancelFulfilment(http, WOO_STORE, { externalId: '727', fulfilmentId: '281' }),
  ),
  wooStore('eventOf', WOO_WEIGHTS, (http) =>
    wooCommerceAdapter.eventOf(http, WOO_STORE, {
      topic: 'order.created',
      rawBody: wo('webhook-delivery').response.text as string,
    }),
  ),
  wooStore(
    'registerWebhooks',
    [wooRoute('GET', '/webhooks', wo('webhooks-list')), wooRoute('POST', '/webhooks', wo('webhook-create'))],
    (http) => wooCommerceAdapter.registerWebhooks(http, WOO_STORE, 'https://parcelport.example/webhooks/2'),
  ),
  wooStore('disconnect', [wooRoute('DELETE', '/webhooks/142', wo('webhook-delete'))], (http) =>
    wooCommerceAdapter.disconnect(http, WOO_STORE, ['142']),
  ),
  wooStore(
    'siteWeightUnit',
    [wooRoute('GET', '/settings/products/woocommerce_weight_unit', wo('settings-weight-unit-lbs'))],
    (http) => siteWeightUnit(http),
  ),
];

export const SCENARIOS: Scenario[] = [...EASYPOST, ...KARRIO, ...SHIPENGINE, ...USPS, ...SHOPIFY, ...WOOCOMMERCE];
