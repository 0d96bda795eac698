import * as demo from '../../../src/modules/channels/demo-repo.ts';
import * as gate from '../../../src/modules/channels/gate-repo.ts';
import * as rateTables from '../../../src/modules/channels/rate-tables-repo.ts';
import * as channels from '../../../src/modules/channels/repo.ts';
import * as writes from '../../../src/modules/channels/writes-repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, OWNED } from '../values.ts';

const CHANNEL = 3;
const SERVICE = 11;
const CHANNEL_INPUT = {
  name: 'UPS',
  platformCode: 'ratecard',
  carrierCode: 'UPS',
  settings: {},
  autoAllot: true,
  status: 1,
  sort: 0,
} as const;

export default [
  repo('modules/channels/repo.ts', channels, {
    allottedServices: [
      ex('every service', (db) => channels.allottedServices(db, MERCHANT)),
      ex('some services', (db) => channels.allottedServices(db, MERCHANT, [SERVICE, SERVICE + 1])),
    ],
    channelConfig: [ex('by id', (db) => channels.channelConfig(db, CHANNEL))],
    allottedChannelsDetail: [ex('a merchant', (db) => channels.allottedChannelsDetail(db, MERCHANT))],
    addressCheckingChannels: [ex('all', (db) => channels.addressCheckingChannels(db))],
    allChannelConfigs: [ex('every channel', (db) => channels.allChannelConfigs(db))],
    allotDefaultChannels: [
      ex('a new merchant', (db) => channels.allotDefaultChannels(db, MERCHANT), [[{ id: CHANNEL }]]),
    ],
    setUserChannels: [
      ex('two channels', (db) => channels.setUserChannels(db, MERCHANT, [CHANNEL, CHANNEL + 1])),
      ex('none', (db) => channels.setUserChannels(db, MERCHANT, [])),
    ],
    channelHasOrders: [ex('a channel', (db) => channels.channelHasOrders(db, CHANNEL))],
    channelRows: [
      ex('every channel', (db) => channels.channelRows(db)),
      ex('by status', (db) => channels.channelRows(db, 1)),
    ],
    serviceRows: [ex('every service', (db) => channels.serviceRows(db))],
    allotmentCounts: [ex('every channel', (db) => channels.allotmentCounts(db))],
    allottedChannelRows: [ex('a merchant', (db) => channels.allottedChannelRows(db, MERCHANT))],
    existingChannels: [ex('two ids', (db) => channels.existingChannels(db, [CHANNEL, CHANNEL + 1]))],
    allotmentsInScope: [
      ex('any account', (db) => channels.allotmentsInScope(db, ANY_ACCOUNT)),
      ex('owned accounts', (db) => channels.allotmentsInScope(db, OWNED)),
    ],
  }),
  repo('modules/channels/writes-repo.ts', writes, {
    channelPlatform: [ex('by id', (db) => writes.channelPlatform(db, CHANNEL))],
    insertChannel: [ex('a channel', (db) => writes.insertChannel(db, CHANNEL_INPUT), [[{ id: CHANNEL }]])],
    updateChannelRow: [
      ex('every field', (db) => writes.updateChannelRow(db, CHANNEL, CHANNEL_INPUT)),
      ex('the status alone', (db) => writes.updateChannelRow(db, CHANNEL, { status: 0 })),
    ],
    deleteChannelRow: [ex('by id', (db) => writes.deleteChannelRow(db, CHANNEL))],
    platformOfService: [ex('by id', (db) => writes.platformOfService(db, SERVICE))],
    serviceCodeTaken: [ex('a code', (db) => writes.serviceCodeTaken(db, CHANNEL, 'GND'))],
    insertService: [
      ex(
        'a service',
        (db) =>
          writes.insertService(db, {
            channelId: CHANNEL,
            code: 'GND',
            name: 'Ground',
            carrierCode: 'UPS',
            settings: {},
            status: 1,
            sort: 0,
          }),
        [[{ id: SERVICE }]],
      ),
    ],
    updateServiceRow: [
      ex('every field', (db) =>
        writes.updateServiceRow(db, SERVICE, { name: 'Ground', carrierCode: 'UPS', settings: {}, status: 1, sort: 2 }),
      ),
      ex('the name alone', (db) => writes.updateServiceRow(db, SERVICE, { name: 'Ground' })),
    ],
  }),
  repo('modules/channels/rate-tables-repo.ts', rateTables, {
    rateTableRows: [
      ex('by zone', (db) => rateTables.rateTableRows(db, SERVICE, 'zone')),
      ex('by weight', (db) => rateTables.rateTableRows(db, SERVICE, 'weight')),
    ],
    replaceRateTable: [
      ex('two prices', (db) =>
        rateTables.replaceRateTable(db, SERVICE, [
          { zone: 2, maxOz: 16, priceCents: 850 },
          { zone: 2, maxOz: 32, priceCents: 990 },
        ]),
      ),
    ],
    upsertZoneChart: [
      ex('two pairs', (db) =>
        rateTables.upsertZoneChart(db, [
          { origin: '100', dest: '900', zone: 8 },
          { origin: '100', dest: '101', zone: 1 },
        ]),
      ),
    ],
  }),
  repo('modules/channels/gate-repo.ts', gate, {
    gateRow: [ex('a channel seen first', (db) => gate.gateRow(db, CHANNEL), [[], 1, [{ failures: 0 }]])],
    gateCounts: [ex('a channel', (db) => gate.gateCounts(db, CHANNEL), [[{ second_count: 0 }]])],
    minuteInUse: noSql('the seconds of a gate row still within the last minute'),
    hourOf: noSql('the hour of a time'),
    hourCount: noSql("the hour's count of a gate row"),
    takeTurn: [
      ex('every limit', (db) => gate.takeTurn(db, CHANNEL, NOW, { perSecond: 5, perMinute: 100, perHour: 1000 })),
      ex('no limit', (db) => gate.takeTurn(db, CHANNEL, NOW, { perSecond: 0, perMinute: 0, perHour: 0 })),
    ],
    claimProbe: [ex('a paused channel', (db) => gate.claimProbe(db, CHANNEL, NOW - 1000, NOW + 30_000))],
    countFailure: [ex('a channel', (db) => gate.countFailure(db, CHANNEL, 5, NOW + 30_000))],
    clearFailures: [
      ex('an answer carried out', (db) => gate.clearFailures(db, CHANNEL, true)),
      ex('a request refused', (db) => gate.clearFailures(db, CHANNEL, false)),
    ],
    markAuthFailed: [ex('a channel', (db) => gate.markAuthFailed(db, CHANNEL, NOW, 'invalid API key'))],
    ensureSlots: [ex('four slots', (db) => gate.ensureSlots(db, CHANNEL, 4))],
    holdSlot: [
      ex('one free slot', (db) => gate.holdSlot(db, CHANNEL, 4, NOW, NOW + 60_000, 'instance-1'), [[{ slot: 2 }], 1]),
    ],
    freeSlot: [ex('a slot', (db) => gate.freeSlot(db, CHANNEL, 2, 'instance-1'))],
    gateRows: [ex('every channel', (db) => gate.gateRows(db))],
  }),
  repo('modules/channels/demo-repo.ts', demo, {
    anyChannel: [ex('a fresh install', (db) => demo.anyChannel(db))],
    insertDemoChannel: [
      ex(
        'a demo channel',
        (db) =>
          demo.insertDemoChannel(db, {
            name: 'Demo UPS',
            platform_code: 'ratecard',
            carrier_code: 'UPS',
            settings: '{}',
            is_demo: 1,
            auto_allot: 1,
            sort: 0,
            created_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: CHANNEL }]],
      ),
    ],
    insertDemoService: [
      ex(
        'a demo service',
        (db) =>
          demo.insertDemoService(db, {
            channel_id: CHANNEL,
            code: 'GND',
            name: 'Ground (demo)',
            carrier_code: 'UPS',
            settings: '{}',
            sort: 0,
            created_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: SERVICE }]],
      ),
    ],
  }),
];
