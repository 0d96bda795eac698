import type { CarrierCode } from '@parcelport/shared';
import type { Db } from '../../db/index.ts';
import { rateTableRows } from './rate-tables-repo.ts';
import { allotmentCounts, channelRows, serviceRows } from './repo.ts';

/**
 * The channels (all, or those of one status) in menu order, each with its services and how many users have
 * it allotted.
 */
export async function channelsWithServices(db: Db, status?: number) {
  const [channels, services, allotments] = await Promise.all([
    channelRows(db, status),
    serviceRows(db),
    allotmentCounts(db),
  ]);
  return channels.map((channel) => ({
    id: channel.id,
    name: channel.name,
    platformCode: channel.platform_code,
    carrierCode: channel.carrier_code as CarrierCode,
    status: channel.status,
    settings: JSON.parse(channel.settings) as Record<string, unknown>,
    isDemo: channel.is_demo === 1,
    autoAllot: channel.auto_allot === 1,
    sort: channel.sort,
    users: Number(allotments.find((row) => row.channel_id === channel.id)?.users ?? 0),
    services: services
      .filter((service) => service.channel_id === channel.id)
      .map((service) => ({
        id: service.id,
        channelId: service.channel_id,
        code: service.code,
        name: service.name,
        carrierCode: service.carrier_code as CarrierCode,
        status: service.status,
        settings: JSON.parse(service.settings) as Record<string, unknown>,
        sort: service.sort,
      })),
  }));
}

/** A ratecard service's rate table, by weight bracket then zone; prices as decimal strings. */
export async function rateTable(db: Db, serviceId: number) {
  const rows = await rateTableRows(db, serviceId, 'weight');
  return rows.map((row) => ({ zone: row.zone, maxOz: row.max_oz, price: (row.price_cents / 100).toFixed(2) }));
}
