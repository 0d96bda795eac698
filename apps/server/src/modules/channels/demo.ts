import { DEMO_WORDS, type Locale } from '@parcelport/shared';
import type { RatecardChannelSettings, RatecardServiceSettings } from '../../carriers/ratecard/settings.ts';
import type { Db } from '../../db/index.ts';
import { insertDefaultPriceRule } from '../pricing/index.ts';
import { anyChannel, insertDemoChannel, insertDemoService } from './demo-repo.ts';
import { replaceRateTable } from './rate-tables-repo.ts';

/**
 * Demo channels seeded on a fresh install so a new user can compare rates and print a label at once, named
 * with the demo words of the install's language (SEED_LOCALE; shown in the reader's, see DEMO_WORDS); the
 * prices are made up in the shape of the real carriers' retail tables.
 */
interface DemoService {
  code: string;
  /** The carrier's name of the service; the seeded name adds the demo mark. */
  name: string;
  settings: Partial<RatecardServiceSettings>;
  /** Price in cents at zone z for a bracket of w ounces. */
  price: (zone: number, oz: number) => number;
  brackets: number[];
}

const LB = 16;
const ounceBrackets = [4, 8, 12, 16];
const poundBrackets = (max: number) => Array.from({ length: max - 1 }, (_, i) => (i + 2) * LB);

const DEMO_CHANNELS: {
  /** The carrier's name; the seeded channel's name says it is a demo. */
  carrier: string;
  carrierCode: 'USPS' | 'UPS' | 'FEDEX';
  settings: Partial<RatecardChannelSettings>;
  services: DemoService[];
}[] = [
  {
    carrier: 'USPS',
    carrierCode: 'USPS',
    settings: { mailerId: '902000000' },
    services: [
      {
        code: 'USPS_GROUND_ADVANTAGE',
        name: 'USPS Ground Advantage',
        settings: {
          dimDivisor: 166,
          dimThresholdCuIn: 1728,
          maxWeightOz: 70 * LB,
          maxLengthIn: 108,
          maxLengthGirthIn: 130,
          deliveryDays: [2, 3, 3, 4, 4, 5, 5, 5, 7],
          serviceTypeCode: '001',
        },
        brackets: [...ounceBrackets, ...poundBrackets(70)],
        price: (zone, oz) => (oz <= LB ? 450 + zone * 18 + oz * 6 : 720 + zone * 95 + (oz / LB) * (60 + zone * 22)),
      },
      {
        code: 'USPS_PRIORITY_MAIL',
        name: 'USPS Priority Mail',
        settings: {
          dimDivisor: 166,
          dimThresholdCuIn: 1728,
          maxWeightOz: 70 * LB,
          maxLengthIn: 108,
          maxLengthGirthIn: 108,
          deliveryDays: [1, 2, 2, 2, 3, 3, 3, 3, 4],
          serviceTypeCode: '055',
        },
        brackets: [LB, ...poundBrackets(70)],
        price: (zone, oz) => 880 + zone * 120 + (oz / LB) * (90 + zone * 30),
      },
    ],
  },
  {
    carrier: 'UPS',
    carrierCode: 'UPS',
    settings: { shipperNumber: 'PP0001' },
    services: [
      {
        code: 'UPS_GROUND',
        name: 'UPS Ground',
        settings: {
          dimDivisor: 139,
          maxWeightOz: 150 * LB,
          maxLengthIn: 108,
          maxLengthGirthIn: 165,
          residentialCents: 585,
          fuelBp: 1550,
          oversizeLengthIn: 48,
          oversizeCents: 2800,
          remoteZip3: ['995', '996', '997', '998', '999', '967', '968'],
          remoteCents: 1500,
          deliveryDays: [1, 2, 2, 3, 3, 4, 4, 5, 5],
          serviceTypeCode: '03',
        },
        brackets: poundBrackets(150)
          .concat([LB])
          .sort((a, b) => a - b),
        price: (zone, oz) => 1050 + zone * 85 + (oz / LB) * (70 + zone * 18),
      },
    ],
  },
  {
    carrier: 'FedEx',
    carrierCode: 'FEDEX',
    settings: { earnestCents: 100 },
    services: [
      {
        code: 'FEDEX_GROUND',
        name: 'FedEx Ground',
        settings: {
          dimDivisor: 139,
          maxWeightOz: 150 * LB,
          maxLengthIn: 108,
          maxLengthGirthIn: 165,
          residentialCents: 555,
          fuelBp: 1500,
          oversizeLengthIn: 48,
          oversizeCents: 2700,
          remoteZip3: ['995', '996', '997', '998', '999', '967', '968'],
          remoteCents: 1450,
          deliveryDays: [1, 2, 2, 3, 3, 4, 4, 5, 5],
        },
        brackets: poundBrackets(150)
          .concat([LB])
          .sort((a, b) => a - b),
        price: (zone, oz) => 1030 + zone * 88 + (oz / LB) * (68 + zone * 19),
      },
      {
        code: 'FEDEX_2_DAY',
        name: 'FedEx 2Day',
        settings: {
          dimDivisor: 139,
          maxWeightOz: 150 * LB,
          maxLengthIn: 108,
          maxLengthGirthIn: 165,
          residentialCents: 555,
          fuelBp: 1500,
          deliveryDays: [2, 2, 2, 2, 2, 2, 2, 2, 2],
        },
        brackets: poundBrackets(150)
          .concat([LB])
          .sort((a, b) => a - b),
        price: (zone, oz) => 2150 + zone * 260 + (oz / LB) * (180 + zone * 45),
      },
    ],
  },
];

const ZONES = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Seeds the demo channels, services, rate tables and a default markup once, on a fresh install, in one transaction. */
export async function seedDemoChannels(db: Db, locale: Locale): Promise<void> {
  const words = DEMO_WORDS[locale];
  if (await anyChannel(db)) return;
  await db.transaction().execute(async (trx) => {
    const now = Date.now();
    for (const [channelIndex, channel] of DEMO_CHANNELS.entries()) {
      const channelId = await insertDemoChannel(trx, {
        name: `${words.channelPrefix}${channel.carrier}`,
        platform_code: 'ratecard',
        carrier_code: channel.carrierCode,
        settings: JSON.stringify(channel.settings),
        is_demo: 1,
        auto_allot: 1,
        sort: channelIndex,
        created_at: now,
        updated_at: now,
      });
      for (const [serviceIndex, service] of channel.services.entries()) {
        const serviceId = await insertDemoService(trx, {
          channel_id: channelId,
          code: service.code,
          name: `${service.name}${words.serviceMark}`,
          carrier_code: channel.carrierCode,
          settings: JSON.stringify(service.settings),
          sort: serviceIndex,
          created_at: now,
          updated_at: now,
        });
        const rows = ZONES.flatMap((zone) =>
          service.brackets.map((maxOz) => ({ zone, maxOz, priceCents: Math.round(service.price(zone, maxOz)) })),
        );
        await replaceRateTable(trx, serviceId, rows);
      }
    }
    // The default markup, 10% on every account, written by the price rules' owner (modules/pricing).
    await insertDefaultPriceRule(trx, { name: words.defaultRule, percentBp: 1000, fixedCents: 0 }, now);
  });
}
