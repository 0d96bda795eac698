import * as pace from '../../../src/modules/tracking/pace-repo.ts';
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
        tracking.recordEvents(db, PARCEL, [EVENT, { ...EVENT, occurredAt: NOW - 1 }], EVENT),
      ),
      ex('nothing new', (db) => tracking.recordEvents(db, PARCEL, [], EVENT)),
    ],
    claimParcelsOnTheirWay: [
      ex('a round', (db) => tracking.claimParcelsOnTheirWay(db, { limit: 200, leaseMs: 60_000, now: NOW }), [
        [{ parcelId: PARCEL.parcelId }],
      ]),
      ex('some parcels', (db) =>
        tracking.claimParcelsOnTheirWay(db, { limit: 200, leaseMs: 60_000, now: NOW, only: [PARCEL.parcelId] }),
      ),
    ],
    markChecked: [ex('two parcels', (db) => tracking.markChecked(db, [2001, 2002], NOW))],
    markRegistered: [ex('two parcels', (db) => tracking.markRegistered(db, [2001, 2002]))],
    parcelsSilentSince: [
      ex('every parcel', (db) => tracking.parcelsSilentSince(db, NOW - 7 * DAY)),
      ex('some parcels', (db) => tracking.parcelsSilentSince(db, NOW - 7 * DAY, [2001, 2002])),
    ],
    parcelByTrackingNo: [ex('a number', (db) => tracking.parcelByTrackingNo(db, PARCEL.trackingNo))],
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
    subscribersOf: [ex('a number', (db) => tracking.subscribersOf(db, PARCEL.trackingNo))],
    trackedParcelsOfOrder: [ex('an order', (db) => tracking.trackedParcelsOfOrder(db, ORDER))],
  }),
  repo('modules/tracking/pace-repo.ts', pace, {
    takePaceTurn: [
      ex('the provider already paced', (db) => pace.takePaceTurn(db, '17track', 334, NOW), [[{ next_at: NOW + 334 }]]),
      ex('its first call', (db) => pace.takePaceTurn(db, '17track', 334, NOW)),
    ],
  }),
];
