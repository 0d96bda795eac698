import * as pace from '../../../src/modules/tracking/pace-repo.ts';
import * as inbox from '../../../src/modules/tracking/push-inbox-repo.ts';
import * as tracking from '../../../src/modules/tracking/repo.ts';
import { ex, repo } from '../examples.ts';
import { DAY, MERCHANT, NOW, ORDER } from '../values.ts';

const PARCEL = { parcelId: 2001, orderId: ORDER, trackingNo: '1Z999AA10123456784', status: 2 };
const EVENT = { status: 3, description: 'Arrived at facility', location: 'Secaucus, NJ', occurredAt: NOW };

export default [
  repo('modules/tracking/repo.ts', tracking, {
    storedEvents: [ex('a parcel', (db) => tracking.storedEvents(db, PARCEL.parcelId))],
    recordEvents: [
      ex('two new events', (db) =>
        tracking.recordEvents(db, [
          { parcel: PARCEL, fresh: [EVENT, { ...EVENT, occurredAt: NOW - 1 }], latest: EVENT },
        ]),
      ),
      ex('nothing new', (db) => tracking.recordEvents(db, [{ parcel: PARCEL, fresh: [], latest: EVENT }])),
      ex('two parcels of a group of pushes', (db) =>
        tracking.recordEvents(db, [
          { parcel: PARCEL, fresh: [EVENT], latest: EVENT },
          { parcel: { ...PARCEL, parcelId: 2002 }, fresh: [EVENT], latest: { ...EVENT, status: 2 } },
        ]),
      ),
    ],
    claimParcelsOnTheirWay: [
      ex(
        "a channel's round",
        (db) =>
          tracking.claimParcelsOnTheirWay(db, { source: { channelId: 3 }, limit: 200, leaseMs: 60_000, now: NOW }),
        [[{ parcelId: PARCEL.parcelId }]],
      ),
      ex("the provider's round, two channels tracking their own", (db) =>
        tracking.claimParcelsOnTheirWay(db, {
          source: { exceptChannels: [3, 4] },
          limit: 200,
          leaseMs: 60_000,
          now: NOW,
        }),
      ),
      ex("the provider's round, no channel tracking its own", (db) =>
        tracking.claimParcelsOnTheirWay(db, { source: { exceptChannels: [] }, limit: 200, leaseMs: 60_000, now: NOW }),
      ),
      ex('some parcels', (db) =>
        tracking.claimParcelsOnTheirWay(db, {
          source: { channelId: 3 },
          limit: 200,
          leaseMs: 60_000,
          now: NOW,
          only: [PARCEL.parcelId],
        }),
      ),
    ],
    markChecked: [ex('two parcels', (db) => tracking.markChecked(db, [2001, 2002], NOW))],
    markRegistered: [ex('two parcels', (db) => tracking.markRegistered(db, [2001, 2002]))],
    parcelsSilentSince: [
      ex('every parcel', (db) => tracking.parcelsSilentSince(db, NOW - 7 * DAY)),
      ex('some parcels', (db) => tracking.parcelsSilentSince(db, NOW - 7 * DAY, [2001, 2002])),
    ],
    parcelByTrackingNo: [ex('a number', (db) => tracking.parcelByTrackingNo(db, PARCEL.trackingNo))],
    parcelsWithEvents: [ex("a group's numbers", (db) => tracking.parcelsWithEvents(db, [PARCEL.trackingNo, '1Z2']))],
    parcelWithEvents: [
      ex("a channel's number", (db) => tracking.parcelWithEvents(db, PARCEL.trackingNo, 3)),
      ex('any channel', (db) => tracking.parcelWithEvents(db, PARCEL.trackingNo, null)),
    ],
    ownParcelsByTrackingNo: [
      ex('two numbers', (db) => tracking.ownParcelsByTrackingNo(db, MERCHANT, [PARCEL.trackingNo, '1Z2'])),
    ],
    eventsOfParcels: [ex('two parcels', (db) => tracking.eventsOfParcels(db, [2001, 2002]))],
    addSubscription: [
      ex('by mail', (db) =>
        tracking.addSubscription(db, {
          userId: MERCHANT,
          trackingNo: PARCEL.trackingNo,
          email: 'ada@example.com',
          webhookUrl: null,
        }),
      ),
    ],
    subscribersOf: [ex('two numbers', (db) => tracking.subscribersOf(db, [PARCEL.trackingNo, '1Z2']))],
    trackedParcelsOfOrder: [ex('an order', (db) => tracking.trackedParcelsOfOrder(db, ORDER))],
  }),
  repo('modules/tracking/push-inbox-repo.ts', inbox, {
    insertPushes: [
      ex('two numbers of a push', (db) =>
        inbox.insertPushes(
          db,
          [
            { channelId: 3, trackingNo: PARCEL.trackingNo, events: [EVENT] },
            { channelId: 3, trackingNo: '1Z2', events: [EVENT] },
          ],
          NOW,
        ),
      ),
    ],
    claimPushes: [
      ex('a group, PostgreSQL', (db) =>
        inbox.claimPushes(db, 'postgres', { workerId: 'w1', leaseMs: 60_000, limit: 500, now: NOW }),
      ),
      ex('a group, SQLite', (db) =>
        inbox.claimPushes(db, 'sqlite', { workerId: 'w1', leaseMs: 60_000, limit: 500, now: NOW }),
      ),
    ],
    lockOrdersOfNumbers: [ex("a group's numbers", (db) => inbox.lockOrdersOfNumbers(db, [PARCEL.trackingNo, '1Z2']))],
    pendingPushesOf: [ex("a group's numbers", (db) => inbox.pendingPushesOf(db, [PARCEL.trackingNo, '1Z2']))],
    takePushes: [ex('a group', (db) => inbox.takePushes(db, [1, 2], 'w1'))],
    releasePushes: [ex('two pushes', (db) => inbox.releasePushes(db, [1, 2], 'w1'))],
    pushFailed: [
      ex('tried again later', (db) =>
        inbox.pushFailed(db, 1, 'w1', { attempts: 1, error: 'deadlock', runAfter: NOW + 1000, gaveUpAt: null }),
      ),
    ],
    storedPushes: [ex('all', (db) => inbox.storedPushes(db))],
  }),
  repo('modules/tracking/pace-repo.ts', pace, {
    takePaceTurn: [
      ex('the provider already paced', (db) => pace.takePaceTurn(db, '17track', 334, NOW), [[{ next_at: NOW + 334 }]]),
      ex('its first call', (db) => pace.takePaceTurn(db, '17track', 334, NOW)),
    ],
  }),
];
