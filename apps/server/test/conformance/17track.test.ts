/**
 * 17TRACK (API v2.2), the tracking provider for the parcels no carrier pushes: its documented push read as the
 * platform reads every 17TRACK body (the push and gettrackinfo share `track_info`), and the tests' stand-in
 * checked against it.
 */
import { TRACKING_STATUS } from '@parcelport/shared';
import { describe, expect, test } from 'vitest';
import { eventsOfTrackInfo } from '../../src/modules/tracking/track17.ts';
import { type DOCUMENTED_PUSH, KEY_STAGES, trackInfoOf } from '../track17-standin.ts';
import { bodyOf, expectSameShape, fixture } from './replay.ts';

const documented = bodyOf(fixture('17track', 'webhook-tracking-updated')) as typeof DOCUMENTED_PUSH;
const trackInfo = documented.data.track_info as Parameters<typeof eventsOfTrackInfo>[0];

describe('17track webhooks', () => {
  test("the documented push's scans, oldest first, each with its own state", () => {
    expect(eventsOfTrackInfo(trackInfo)).toEqual([
      {
        status: TRACKING_STATUS.infoReceived,
        description: 'Shipper created a label, UPS has not received the package yet.',
        location: 'US',
        occurredAt: Date.parse('2022-03-29T05:43:08Z'),
      },
      // No stage: a scan between milestones, the parcel on its way (not the delivery of the latest status).
      {
        status: TRACKING_STATUS.inTransit,
        description: 'Origin Scan',
        location: 'Ontario, CA, US',
        occurredAt: Date.parse('2022-03-31T23:36:47Z'),
      },
      {
        status: TRACKING_STATUS.inTransit,
        description: 'Arrived at Facility',
        location: 'Anderson, CA, US',
        occurredAt: Date.parse('2022-04-02T09:15:00Z'),
      },
      {
        status: TRACKING_STATUS.outForDelivery,
        description: 'Out For Delivery Today',
        location: 'Crescent City, CA, US',
        occurredAt: Date.parse('2022-04-04T15:46:06Z'),
      },
      {
        status: TRACKING_STATUS.delivered,
        description: 'DELIVERED',
        location: 'GASQUET, CA, US',
        occurredAt: Date.parse('2022-04-04T23:35:22Z'),
      },
    ]);
  });

  test("an event's sub-status names its state before its stage does; an unknown stage falls back", () => {
    const stateOf = (fields: Record<string, string | null>, latest: string | null = 'Exception') =>
      eventsOfTrackInfo({
        ...(latest ? { latest_status: { status: latest } } : {}),
        tracking: { providers: [{ events: [{ time_utc: '2022-04-01T00:00:00Z', ...fields }] }] },
      })[0]?.status;
    expect(stateOf({ stage: 'Returning', sub_status: null })).toBe(TRACKING_STATUS.exception);
    expect(stateOf({ stage: 'PickedUp', sub_status: 'Exception_Delayed' })).toBe(TRACKING_STATUS.exception);
    expect(stateOf({ stage: 'Departure', sub_status: null })).toBe(TRACKING_STATUS.inTransit);
    // The newest event with a stage 17TRACK may add later: the parcel's latest status.
    expect(stateOf({ stage: 'CustomsHeld', sub_status: null })).toBe(TRACKING_STATUS.exception);
    // Nothing said of the parcel at all: a scan is the carrier holding it.
    expect(stateOf({ stage: null }, null)).toBe(TRACKING_STATUS.inTransit);
  });
});

describe('17track stand-in', () => {
  test("the tests' stand-in answers a track_info of the documented shape, and only the documented stages", () => {
    const answered = trackInfoOf([
      {
        time_utc: '2022-04-01T00:00:00Z',
        description: 'Accepted',
        location: 'LA',
        stage: 'PickedUp',
        status: 'InTransit',
      },
      {
        time_utc: '2022-04-02T00:00:00Z',
        description: 'Arrived',
        location: 'NY',
        stage: 'Arrival',
        status: 'InTransit',
      },
    ]);
    expectSameShape(answered, documented.data.track_info);
    const events = eventsOfTrackInfo(answered as Parameters<typeof eventsOfTrackInfo>[0]);
    expect(events.map((event) => [event.description, event.status])).toEqual([
      ['Accepted', TRACKING_STATUS.inTransit],
      ['Arrived', TRACKING_STATUS.inTransit],
    ]);
    expect(KEY_STAGES).toEqual(expect.arrayContaining(['InfoReceived', 'PickedUp', 'OutForDelivery', 'Delivered']));
    expect(() =>
      trackInfoOf([
        { time_utc: '2022-04-01T00:00:00Z', description: 'x', location: 'x', stage: 'InTransit', status: 'InTransit' },
      ]),
    ).toThrow('17TRACK documents no stage InTransit');
  });
});
