import type { Db } from '../db/index.ts';
import { zip3Centres } from './zip-table.ts';
import { chartedZone } from './zones-repo.ts';

/** USPS distance bands: a great-circle distance up to each limit (miles) falls in zone index + 1. */
const BANDS_MILES = [50, 150, 300, 600, 1000, 1400, 1800];

function greatCircleMiles(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

export function zoneForDistance(miles: number): number {
  const index = BANDS_MILES.findIndex((limit) => miles <= limit);
  return index === -1 ? 8 : index + 1;
}

/** Whether the ZIP's first three digits name an area the ZIP table places (a zone can be estimated from it). */
export const isPlacedZip = (zip: string): boolean => zip3Centres().has(zip.trim().slice(0, 3));

export interface ZoneAnswer {
  zone: number;
  source: 'chart' | 'distance';
  miles: number | null;
}

/**
 * The zone between two ZIPs: from the imported zone chart when it has the pair, otherwise estimated from
 * the distance between the ZIP3 centres (marked 'distance'). Null when either ZIP is unknown.
 */
export async function zoneBetween(db: Db, originZip: string, destZip: string): Promise<ZoneAnswer | null> {
  const origin = originZip.trim().slice(0, 3);
  const dest = destZip.trim().slice(0, 3);
  const charted = await chartedZone(db, origin, dest);
  const from = zip3Centres().get(origin);
  const to = zip3Centres().get(dest);
  const miles = from && to ? Math.round(greatCircleMiles(from, to)) : null;
  if (charted) return { zone: charted.zone, source: 'chart', miles };
  if (miles === null) return null;
  return { zone: zoneForDistance(miles), source: 'distance', miles };
}
