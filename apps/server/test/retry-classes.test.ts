/**
 * Retries classified per call (issue 25, docs/carriers.md "Retries"): a call that changes something at the
 * provider is never sent twice on a 5xx or an answer that cannot be read, since its outcome is unknown; only
 * a read (or a call known to be safe to repeat) is asked again.
 *
 * The calls are not listed here: every operation of every adapter (carriers from the registry, stores from
 * the platforms) runs once on its provider's recorded answers (retry-scenarios.ts), and every POST or
 * PATCH it sends is a write unless READS names it with the reason a repeat is harmless. Each write is then
 * answered a 5xx, and an unreadable 200, and must have been sent once. Making any write repeatable (an
 * operation added to the client's reading operations, a `repeatable` flag, a mutation sent as a query)
 * fails its test here.
 */
import { STORE_PLATFORMS } from '@parcelport/shared/contracts/stores/index';
import { describe, expect, test } from 'vitest';
import type { CarrierAdapter } from '../src/carriers/contract/adapter.ts';
import { adapterFor, platformCodes } from '../src/carriers/registry.ts';
import { storeAdapter } from '../src/stores/registry.ts';
import { type Fixture, type RecordedCall, type Route, replay } from './conformance/replay.ts';
import { madeAnswer } from './provider-fixtures.ts';
import { graphqlOperationOf, type Provider, SCENARIOS, type Scenario, SERVER_ERRORS } from './retry-scenarios.ts';

/**
 * The POSTs an adapter sends that change nothing a repeat could harm, and why: asked again after a failure.
 * Every other POST or PATCH found below is a write.
 */
const READS: Record<string, string> = {
  'easypost POST /v2/shipments': 'a Shipment is a draft until it is bought: another draft costs nothing',
  'easypost POST /v2/trackers': "EasyPost answers a tracking code's existing Tracker",
  'easypost POST /v2/addresses': 'an address checked, nothing bought',
  'easypost POST /v2/pickups': 'a Pickup books nothing until one of its rates is bought (`/buy`, a write)',
  'karrio POST /v1/proxy/rates': 'prices asked for',
  'karrio POST /v1/shipments': 'a shipment is a draft until it is purchased',
  'shipengine POST /v1/rates': 'prices asked for',
  'shipengine POST /v1/addresses/validate': 'an address checked',
  'usps POST /oauth2/v3/token': 'another token for the same app; the one not kept expires',
  'usps POST /payments/v3/payment-authorization': 'another payment token; it pays for nothing by itself',
  'usps POST /shipments/v3/options/search': 'prices asked for',
  'shopify OpenOrders': 'a GraphQL query',
  'shopify OrderFulfillmentOrders': 'a GraphQL query',
  'shopify OrderFulfillments': 'a GraphQL query',
  'shopify WebhookSubscriptions': 'a GraphQL query',
  'shopify Shop': 'a GraphQL query',
};

/** The calls of an adapter module beside its adapter object (connecting a store). */
const CONNECT_CALLS = ['shopify exchangeCode', 'shopify shopWeightUnit', 'woocommerce siteWeightUnit'];

/** The adapter's own settings and address, and a pickup's fee read off the channel's settings: not calls. */
const NOT_CALLS = new Set(['upstream', 'testSettings', 'feeBefore']);

const functionsOf = (value: object, prefix = '') =>
  Object.entries(value)
    .filter(([name, member]) => typeof member === 'function' && !NOT_CALLS.has(name))
    .map(([name]) => `${prefix}${name}`);

/** Every operation the adapters offer, read off the registered adapters themselves. */
function operations(): string[] {
  const carriers = platformCodes()
    .map((code) => adapterFor(code) as CarrierAdapter)
    .filter((adapter) => adapter.upstream !== undefined)
    .flatMap((adapter) =>
      [
        ...functionsOf(adapter),
        ...(adapter.billReports ? functionsOf(adapter.billReports, 'billReports.') : []),
        ...(adapter.pickups ? functionsOf(adapter.pickups, 'pickups.') : []),
      ].map((name) => `${adapter.code} ${name}`),
    );
  const stores = STORE_PLATFORMS.flatMap((platform) =>
    functionsOf(storeAdapter(platform)).map((name) => `${platform} ${name}`),
  );
  return [...carriers, ...stores, ...CONNECT_CALLS];
}

/** A call as this test names it: a GraphQL operation by its name, any other by its method and path. */
const keyOf = (provider: Provider, call: RecordedCall) =>
  `${provider} ${graphqlOperationOf(call) ?? `${call.method} ${call.url.pathname}`}`;

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE']);

/** Runs a scenario on `routes`; answers what it sent and how it ended. */
async function runOn(scenario: Scenario, routes: Route[]) {
  const { connection, run } = scenario.start();
  const replayed = replay(connection, routes);
  const outcome = await run(replayed.http).then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  return { ...replayed, outcome };
}

/**
 * The scenario's routes with the first call named `target` answered `failure` instead; every other answer
 * (and a repeat of the target) as recorded, each route's answers served in turn.
 */
function failingOnce(scenario: Scenario, target: string, failure: Fixture) {
  const state = { failed: false };
  const routes = scenario.routes.map((route): Route => {
    let turn = 0;
    return {
      ...route,
      answers: (call) => {
        if (!state.failed && keyOf(scenario.provider, call) === target) {
          state.failed = true;
          return failure;
        }
        const { answers } = route;
        if (typeof answers === 'function') return answers(call);
        const list = [answers].flat();
        return list[Math.min(turn++, list.length - 1)] as Fixture;
      },
    };
  });
  return { routes, state };
}

/** Every scenario run once on its recorded answers: the calls each sends. */
const discovered = await Promise.all(
  SCENARIOS.map(async (scenario) => {
    const run = await runOn(scenario, scenario.routes);
    return { scenario, run, keys: [...new Set(run.calls.map((call) => keyOf(scenario.provider, call)))] };
  }),
);

const posted = discovered.flatMap(({ scenario, run, keys }) =>
  keys
    .filter((key) => !IDEMPOTENT.has(run.calls.find((call) => keyOf(scenario.provider, call) === key)?.method ?? ''))
    .map((key) => ({ scenario, key })),
);
const writes = posted.filter(({ key }) => !(key in READS));
const reads = posted.filter(({ key }) => key in READS);
const named = ({ scenario, key }: { scenario: Scenario; key: string }) => `${scenario.name}: ${key}`;

/** An answer of 200 that cannot be read: the body cut off midway. */
const UNREADABLE = madeAnswer({ status: 200, headers: { 'content-type': 'application/json' }, text: '{"id": "cut' });

describe('every operation of every adapter is run on its provider’s answers', () => {
  test('each operation the adapters offer has a scenario, and each scenario an operation', () => {
    const offered = operations();
    const scenarios = SCENARIOS.map((scenario) => scenario.name);
    expect(offered.filter((name) => !scenarios.includes(name))).toEqual([]);
    expect(scenarios.filter((name) => !offered.includes(name))).toEqual([]);
  });

  test.each(discovered.map(({ scenario, run }) => [scenario.name, run] as const))(
    '%s succeeds on the recorded answers, every call answered',
    (_name, run) => {
      expect(run.unmatched).toEqual([]);
      expect(run.outcome).toEqual({ ok: true });
    },
  );

  test('every call READS names is one an adapter sends (the list holds nothing stale)', () => {
    const sent = new Set(reads.map(({ key }) => key));
    expect(Object.keys(READS).filter((key) => !sent.has(key))).toEqual([]);
  });

  test('the writes found include each kind the platform must never repeat', () => {
    const found = new Set(writes.map(({ key }) => key));
    for (const key of [
      'easypost POST /v2/scan_forms',
      'easypost POST /v2/reports/shipment_invoice',
      'usps POST /scan-forms/v3/scan-form',
      'shopify AppUninstall',
      'shopify POST /admin/oauth/access_token',
      'shopify WebhookSubscriptionCreate',
      'woocommerce POST /wp-json/wc/v3/webhooks',
      'woocommerce POST /wp-json/wc/v3/orders/727/notes',
    ])
      expect(found).toContain(key);
  });
});

describe('a write is sent once, whatever answer is lost', () => {
  test.each(writes.map((write) => [named(write), write] as const))('%s: a 5xx', async (_name, { scenario, key }) => {
    const { routes, state } = failingOnce(scenario, key, SERVER_ERRORS[scenario.provider]);
    const run = await runOn(scenario, routes);
    expect(state.failed).toBe(true);
    expect(run.calls.filter((call) => keyOf(scenario.provider, call) === key)).toHaveLength(1);
  });

  test.each(writes.map((write) => [named(write), write] as const))(
    '%s: a 200 that cannot be read',
    async (_name, { scenario, key }) => {
      const { routes, state } = failingOnce(scenario, key, UNREADABLE);
      const run = await runOn(scenario, routes);
      expect(state.failed).toBe(true);
      expect(run.calls.filter((call) => keyOf(scenario.provider, call) === key)).toHaveLength(1);
    },
  );
});

describe('a read is asked again after a 5xx', () => {
  test.each(reads.map((read) => [named(read), read] as const))('%s', async (_name, { scenario, key }) => {
    const { routes, state } = failingOnce(scenario, key, SERVER_ERRORS[scenario.provider]);
    const run = await runOn(scenario, routes);
    expect(state.failed).toBe(true);
    expect(run.calls.filter((call) => keyOf(scenario.provider, call) === key)).toHaveLength(2);
    expect(run.outcome).toEqual({ ok: true });
  });
});
