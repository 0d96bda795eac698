import { isValidUps, isValidUsps } from '@parcelport/shared';
import { describe, expect, test } from 'vitest';
import type { AdapterDeps, ChannelConfig, ServiceConfig } from '../src/carriers/contract/channel.ts';
import type { Shipment } from '../src/carriers/contract/shipment.ts';
import type { RateTable } from '../src/carriers/rate-table.ts';
import { ratecardAdapter } from '../src/carriers/ratecard/adapter.ts';
import { RECIPIENT, SENDER } from './parties.ts';

/** The built-in engine works from what it is handed: no database, and no call out. */
const deps: AdapterDeps = {
  http: {
    send: () => {
      throw new Error('the built-in engine called out');
    },
  },
};

const channel = (carrierCode: 'UPS' | 'USPS'): ChannelConfig => ({
  id: 1,
  name: 'Regional',
  platformCode: 'ratecard',
  carrierCode,
  settings: { shipperNumber: 'RG0001', mailerId: '901234567' },
});

const service = (id: number, settings: Record<string, unknown> = {}): ServiceConfig => ({
  id,
  channelId: 1,
  code: `S${id}`,
  name: `Service ${id}`,
  carrierCode: 'UPS',
  settings: { deliveryDays: [1, 2, 3, 4, 5, 6, 7, 8], fuelBp: 1000, ...settings },
  version: 1,
});

// Zone 5: 5.00 up to 16 oz, 8.00 up to 32 oz.
const table: RateTable = new Map([
  [
    5,
    [
      { maxOz: 16, priceCents: 500 },
      { maxOz: 32, priceCents: 800 },
    ],
  ],
]);

const shipment = (weightLb: number): Shipment => ({
  from: { ...SENDER },
  to: { ...RECIPIENT },
  parcels: [{ length: 6, width: 6, height: 6, weight: weightLb, massUnit: 'lb', distanceUnit: 'in' }],
  residential: false,
  batteryType: 'none',
});

describe('ratecard adapter', () => {
  test('prices from the rate table and zone it is handed, fuel on top, and says why a service cannot carry', async () => {
    const results = await ratecardAdapter.rate(
      {
        channel: channel('UPS'),
        services: [service(1), service(2, { maxWeightOz: 16 })],
        shipment: shipment(1.5),
        data: { zone: { zone: 5, source: 'chart', miles: 900 }, rateTables: new Map([[1, table]]) },
      },
      deps,
    );
    expect(results[0]).toMatchObject({ ok: true, zone: 5, zoneSource: 'chart', costCents: 880, deliveryDays: 5 });
    expect(results[1]).toMatchObject({ ok: false, reason: 'overWeight' });
  });

  test('without a zone (an unknown ZIP) no service can rate', async () => {
    const results = await ratecardAdapter.rate(
      {
        channel: channel('UPS'),
        services: [service(1)],
        shipment: shipment(1),
        data: { zone: null, rateTables: new Map() },
      },
      deps,
    );
    expect(results).toEqual([{ ok: false, serviceId: 1, reason: 'zipUnknown' }]);
  });

  test('a purchase numbers its labels from the sequence it is handed, with the carrier check digit', async () => {
    const asked: [string, number][] = [];
    const nextNumbers = async (name: string, count: number) => {
      asked.push([name, count]);
      return 41;
    };
    const two = { ...shipment(1), parcels: [...shipment(1).parcels, ...shipment(2).parcels] };
    const ups = await ratecardAdapter.purchase(
      {
        channel: channel('UPS'),
        service: service(1),
        shipment: two,
        idempotencyKey: 'PP1:0',
        reference: 'PP1',
        nextNumbers,
      },
      deps,
    );
    expect(asked).toEqual([['ratecard:UPS', 2]]);
    expect(ups.parcels).toHaveLength(2);
    for (const parcel of ups.parcels) expect(isValidUps(parcel.trackingNumber)).toBe(true);
    expect(ups.parcels[0]?.trackingNumber).not.toBe(ups.parcels[1]?.trackingNumber);

    const usps = await ratecardAdapter.purchase(
      {
        channel: channel('USPS'),
        service: { ...service(2), carrierCode: 'USPS' },
        shipment: shipment(1),
        idempotencyKey: 'PP2:0',
        reference: 'PP2',
        nextNumbers,
      },
      deps,
    );
    expect(isValidUsps(usps.trackingNumber)).toBe(true);
    expect(usps.parcels[0]?.barcode?.symbology).toBe('gs1-128');
  });

  test('voiding a label issued here is refunded at once', async () => {
    const outcome = await ratecardAdapter.void(
      { channel: channel('UPS'), trackingNumbers: ['1Z'], upstreamId: null, reference: 'PP3' },
      deps,
    );
    expect(outcome).toEqual({ status: 'refunded' });
  });
});
