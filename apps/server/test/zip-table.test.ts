import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import zipcodes from 'zipcodes';
import { lookupZip } from '../src/geo/zip-table.ts';
import { zoneBetween, zoneForDistance } from '../src/geo/zones.ts';
import { startApp, type TestApp } from './helpers.ts';

/** The ZIP3 centres and distances as computed straight from the zipcodes package. */
function packageMiles(origin: string, dest: string): number | null {
  const centre = (zip3: string) => {
    let lat = 0;
    let lon = 0;
    let n = 0;
    for (const entry of Object.values(zipcodes.codes)) {
      if (entry.country !== 'US' || !/^\d{5}$/.test(entry.zip) || entry.zip.slice(0, 3) !== zip3) continue;
      lat += entry.latitude;
      lon += entry.longitude;
      n++;
    }
    return n ? { lat: lat / n, lon: lon / n } : null;
  };
  const a = centre(origin.slice(0, 3));
  const b = centre(dest.slice(0, 3));
  if (!a || !b) return null;
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return Math.round(2 * 3958.8 * Math.asin(Math.sqrt(h)));
}

describe('ZIP table', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => t.close());

  test('answers every US ZIP and Canadian FSA as the zipcodes package does', () => {
    const keys = Object.keys(zipcodes.codes);
    expect(keys.length).toBeGreaterThan(40_000);
    for (const key of keys) {
      const entry = zipcodes.lookup(key) as NonNullable<ReturnType<typeof zipcodes.lookup>>;
      expect(lookupZip(key)).toEqual({ city: entry.city, stateCode: entry.state, countryCode: entry.country });
    }
    expect(lookupZip(' 10118-0110 ')).toEqual({ city: 'New York', stateCode: 'NY', countryCode: 'US' });
    expect(lookupZip('T0A 1A1')?.countryCode).toBe('Canada');
    expect(lookupZip('00000')).toBeNull();
    expect(lookupZip('')).toBeNull();
  });

  test('distance zones come from the same ZIP3 centres as the package gives', async () => {
    const pairs = [
      ['90210', '10118'],
      ['90210', '90001'],
      ['10001', '07030'],
      ['60601', '77002'],
      ['98101', '33130'],
      ['96813', '99501'],
      ['02108', '04101'],
    ] as const;
    for (const [origin, dest] of pairs) {
      const miles = packageMiles(origin, dest);
      expect(await zoneBetween(t.ctx.db, origin, dest)).toEqual({
        zone: zoneForDistance(miles as number),
        source: 'distance',
        miles,
      });
    }
    expect(await zoneBetween(t.ctx.db, '00000', '10118')).toBeNull();
  });
});
