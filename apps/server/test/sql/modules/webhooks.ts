import * as deliveries from '../../../src/modules/webhooks/deliveries-repo.ts';
import * as endpoints from '../../../src/modules/webhooks/endpoints-repo.ts';
import * as events from '../../../src/modules/webhooks/events-repo.ts';
import * as log from '../../../src/modules/webhooks/log-repo.ts';
import * as prune from '../../../src/modules/webhooks/prune-repo.ts';
import * as sources from '../../../src/modules/webhooks/sources-repo.ts';
import * as trackingKeys from '../../../src/modules/webhooks/tracking-keys-repo.ts';
import { ex, repo } from '../examples.ts';
import { DAY, MERCHANT, NOW, ORDER } from '../values.ts';

const ENDPOINT = 5;
const EVENT = 70;
const DELIVERY = 90;
const JOB = 40;
const SEALED = 'sealed:whsec_…';

const ENDPOINT_ROW = {
  user_id: MERCHANT,
  url: 'https://shop.example.com/hooks',
  description: 'Shop',
  event_types: '["label.created"]',
  enabled: 1,
  disabled_reason: null,
  disabled_at: null,
  secret: SEALED,
  is_test: 0,
  created_at: NOW,
  updated_at: NOW,
};

const EVENT_ROW = {
  event_id: 'evt_01',
  user_id: MERCHANT,
  type: 'label.created',
  source_key: `order:${ORDER}`,
  body: '{"orderId":1001}',
  is_test: 0,
  created_at: NOW,
};

const DELIVERY_ROW = {
  endpoint_id: ENDPOINT,
  event_row_id: EVENT,
  user_id: MERCHANT,
  status: 'pending',
  created_at: NOW,
};

export default [
  repo('modules/webhooks/endpoints-repo.ts', endpoints, {
    endpointOfUser: [ex("a merchant's endpoint", (db) => endpoints.endpointOfUser(db, MERCHANT, ENDPOINT))],
    endpointsOfUser: [
      ex('every mode', (db) => endpoints.endpointsOfUser(db, MERCHANT, undefined, undefined)),
      ex("the key's mode and the mode asked", (db) => endpoints.endpointsOfUser(db, MERCHANT, 1, 1)),
    ],
    countEndpoints: [ex("a merchant's endpoints", (db) => endpoints.countEndpoints(db, MERCHANT))],
    insertEndpoint: [
      ex('an endpoint', (db) => endpoints.insertEndpoint(db, ENDPOINT_ROW), [[{ id: ENDPOINT, ...ENDPOINT_ROW }]]),
    ],
    updateEndpointRow: [
      ex(
        'switched off by the merchant',
        (db) =>
          endpoints.updateEndpointRow(db, ENDPOINT, {
            url: ENDPOINT_ROW.url,
            description: 'Shop',
            event_types: '["label.created"]',
            enabled: 0,
            disabled_reason: 'merchant',
            disabled_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: ENDPOINT, ...ENDPOINT_ROW, enabled: 0 }]],
      ),
    ],
    enabledEndpointsOf: [ex('two merchants', (db) => endpoints.enabledEndpointsOf(db, [MERCHANT, MERCHANT + 1]))],
    enabledEndpointsOfAudience: [
      ex('a merchant in live mode', (db) => endpoints.enabledEndpointsOfAudience(db, MERCHANT, 0)),
    ],
    endpointAnswered: [ex('by id', (db) => endpoints.endpointAnswered(db, ENDPOINT))],
    endpointFailed: [ex('by id', (db) => endpoints.endpointFailed(db, ENDPOINT, NOW))],
    disableFailingEndpoint: [
      ex('failing for three days', (db) => endpoints.disableFailingEndpoint(db, ENDPOINT, NOW - 3 * DAY, NOW)),
    ],
  }),
  repo('modules/webhooks/events-repo.ts', events, {
    insertEvents: [
      ex('two events', (db) =>
        events.insertEvents(db, [EVENT_ROW, { ...EVENT_ROW, event_id: 'evt_02', source_key: `order:${ORDER + 1}` }]),
      ),
    ],
    insertEvent: [ex('a sample', (db) => events.insertEvent(db, EVENT_ROW), [[{ id: EVENT }]])],
    eventRow: [ex('by id', (db) => events.eventRow(db, EVENT))],
  }),
  repo('modules/webhooks/deliveries-repo.ts', deliveries, {
    setDeliveryJobs: [
      ex('one delivery', (db) => deliveries.setDeliveryJobs(db, [{ deliveryId: DELIVERY, jobId: JOB }])),
      ex('two deliveries', (db) =>
        deliveries.setDeliveryJobs(db, [
          { deliveryId: DELIVERY, jobId: JOB },
          { deliveryId: DELIVERY + 1, jobId: JOB + 1 },
        ]),
      ),
    ],
    insertDeliveries: [
      ex('two endpoints', (db) =>
        deliveries.insertDeliveries(db, [DELIVERY_ROW, { ...DELIVERY_ROW, endpoint_id: ENDPOINT + 1 }]),
      ),
    ],
    insertDelivery: [ex('a sample', (db) => deliveries.insertDelivery(db, DELIVERY_ROW), [[{ id: DELIVERY }]])],
    deliveryToSend: [ex('by id', (db) => deliveries.deliveryToSend(db, DELIVERY))],
    failDelivery: [ex('by id', (db) => deliveries.failDelivery(db, DELIVERY))],
    countAttempt: [
      ex('a success', (db) => deliveries.countAttempt(db, DELIVERY, { statusCode: 200, at: NOW, ok: true }), [
        [{ attempts: 1 }],
      ]),
      ex('a failure', (db) => deliveries.countAttempt(db, DELIVERY, { statusCode: null, at: NOW, ok: false }), [
        [{ attempts: 2 }],
      ]),
    ],
    insertAttempt: [
      ex('a timeout', (db) =>
        deliveries.insertAttempt(db, {
          delivery_id: DELIVERY,
          attempt: 2,
          trigger: 'auto',
          at: NOW,
          status_code: null,
          duration_ms: 10_000,
          error: 'timeout',
        }),
      ),
    ],
    giveUpDelivery: [ex("a delivery's task", (db) => deliveries.giveUpDelivery(db, DELIVERY, JOB))],
    taskQueuedAt: [ex('a task', (db) => deliveries.taskQueuedAt(db, JOB), [[{ created_at: NOW }]])],
    firstAttemptSince: [ex('since a time', (db) => deliveries.firstAttemptSince(db, DELIVERY, NOW - DAY))],
    reopenDelivery: [ex('by id', (db) => deliveries.reopenDelivery(db, DELIVERY))],
  }),
  repo('modules/webhooks/log-repo.ts', log, {
    endpointDeliveries: [
      ex('every delivery', (db) => log.endpointDeliveries(db, ENDPOINT, {}, 20)),
      ex('failed ones before a delivery', (db) =>
        log.endpointDeliveries(db, ENDPOINT, { status: 'failed', before: DELIVERY }, 20),
      ),
    ],
    endpointDelivery: [ex("an endpoint's delivery", (db) => log.endpointDelivery(db, ENDPOINT, DELIVERY))],
    attemptsOf: [ex('a delivery', (db) => log.attemptsOf(db, DELIVERY))],
    failedDeliveriesSince: [ex('the last day', (db) => log.failedDeliveriesSince(db, ENDPOINT, NOW - DAY, 100))],
  }),
  repo('modules/webhooks/prune-repo.ts', prune, {
    finishedDeliveriesBefore: [ex('a batch', (db) => prune.finishedDeliveriesBefore(db, NOW - 30 * DAY, 500))],
    deleteAttemptsOf: [ex('two deliveries', (db) => prune.deleteAttemptsOf(db, [DELIVERY, DELIVERY + 1]))],
    deleteDeliveries: [ex('two deliveries', (db) => prune.deleteDeliveries(db, [DELIVERY, DELIVERY + 1]))],
    deleteUnusedEventsBefore: [ex('a cut-off', (db) => prune.deleteUnusedEventsBefore(db, NOW - 30 * DAY))],
  }),
  repo('modules/webhooks/sources-repo.ts', sources, {
    ordersOfLabels: [ex('two orders', (db) => sources.ordersOfLabels(db, [ORDER, ORDER + 1]))],
    orderMode: [ex('an order', (db) => sources.orderMode(db, ORDER))],
    jobTotals: [ex('a job', (db) => sources.jobTotals(db, JOB))],
    liveItemOfJob: [ex('a job', (db) => sources.liveItemOfJob(db, JOB))],
  }),
  repo('modules/webhooks/tracking-keys-repo.ts', trackingKeys, {
    trackingKeyRow: [ex('a merchant', (db) => trackingKeys.trackingKeyRow(db, MERCHANT))],
    storedTrackingKey: [
      ex('a merchant', (db) => trackingKeys.storedTrackingKey(db, MERCHANT), [
        [{ user_id: MERCHANT, secret: SEALED, previous_secret: null, previous_secret_until: null, created_at: NOW }],
      ]),
    ],
    insertTrackingKeyOnce: [ex('a first secret', (db) => trackingKeys.insertTrackingKeyOnce(db, MERCHANT, SEALED))],
    insertTrackingKey: [ex('a first secret', (db) => trackingKeys.insertTrackingKey(db, MERCHANT, SEALED))],
    updateTrackingKey: [
      ex('a rotation', (db) =>
        trackingKeys.updateTrackingKey(db, MERCHANT, {
          secret: SEALED,
          previous_secret: 'sealed:whsec_old',
          previous_secret_until: NOW + DAY,
        }),
      ),
    ],
  }),
];
