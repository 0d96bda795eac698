/**
 * The `tracking` bench's world: an EasyPost channel and a ShipEngine channel, each with its stand-in (in the
 * bench process), beside the ratecard channel whose parcels only 17TRACK tracks; a few merchants with a
 * webhook endpoint for `tracking.updated`; `parcels` live parcels written by the database (bench/lib/bulk.ts,
 * then turned into labels bought and waiting for pickup, a third on each channel, registered with 17TRACK,
 * last checked now); and the carrier pushes to send, made and signed by the stand-ins themselves
 * (`trackerEvent`, `trackingEvent`) after a scan of each parcel (in transit).
 */
import { type EasyPostStandIn, startEasyPostStandIn } from '../../apps/server/standins/easypost.ts';
import {
  SHIPENGINE_CARRIERS,
  type ShipEngineStandIn,
  startShipEngineStandIn,
} from '../../apps/server/standins/shipengine.ts';
import { type Api, createMerchant } from '../lib/api.ts';
import { bulkOrders } from '../lib/bulk.ts';
import type { Raw } from '../lib/target.ts';
import { log } from '../lib/util.ts';

const EASYPOST_KEY = 'EZAK_bench_key';
const SHIPENGINE_KEY = 'TEST_bench_shipengine_key';
const WEBHOOK_SECRET = 'bench-easypost-webhook-secret';
/** Merchants with an endpoint for tracking.updated; a quarter of the orders are theirs. */
const HOOKED_MERCHANTS = 5;
/** bulk.ts writes 1.25 parcels an order (2 for every 5th order, 3 for every 20th). */
const PARCELS_PER_ORDER = 1.25;
/** Parcels per ShipEngine label bought from its stand-in (one tracking number each). */
const PACKAGES_PER_LABEL = 40;

/** A carrier's push about one parcel, as the carrier would send it to the channel's webhook address. */
export interface Push {
  channelId: number;
  parcelId: number;
  orderId: number;
  userId: number;
  trackingNo: string;
  body: string;
  headers: Record<string, string>;
}

export interface TrackingWorld {
  channels: { easypost: number; shipengine: number; track17: number };
  /** The first generated order's id: every generated order has this id or a higher one. */
  firstOrderId: number;
  parcels: number;
  hookedUserIds: number[];
  pushes: Push[];
  easypost: EasyPostStandIn;
  shipengine: ShipEngineStandIn;
}

export async function makeTrackingWorld(
  db: 'sqlite' | 'postgres',
  api: Api,
  raw: Raw,
  options: { parcels: number; pushes: number; receiverUrl: string },
): Promise<TrackingWorld> {
  const easypost = await startEasyPostStandIn({ apiKey: EASYPOST_KEY });
  const shipengine = await startShipEngineStandIn({ apiKey: SHIPENGINE_KEY });
  const hooked = [];
  for (let n = 0; n < HOOKED_MERCHANTS; n++) {
    const merchant = await createMerchant(api, raw, '100.00');
    await merchant.api.call('POST', '/api/app/webhooks/endpoints', {
      url: options.receiverUrl,
      eventTypes: ['tracking.updated'],
      description: 'bench',
    });
    hooked.push(merchant);
  }
  const admin = (hooked[0] as (typeof hooked)[number]).admin;
  // The channels as staff create them, their limits those each provider publishes (the adapters' defaults).
  const channel = async (name: string, platformCode: string, settings: Record<string, unknown>) =>
    (
      await admin.call<{ id: number }>('POST', '/api/admin/channel/create', {
        name,
        platformCode,
        carrierCode: 'USPS',
        settings,
      })
    ).id;
  const channels = {
    easypost: await channel('EasyPost tracking bench', 'easypost', {
      apiKey: EASYPOST_KEY,
      baseUrl: easypost.url,
      webhookSecret: WEBHOOK_SECRET,
    }),
    shipengine: await channel('ShipEngine tracking bench', 'shipengine', {
      apiKey: SHIPENGINE_KEY,
      baseUrl: shipengine.url,
      carrierIds: [SHIPENGINE_CARRIERS[0].carrier_id],
    }),
    track17: 0,
  };
  const [ratecard] = await raw.query(
    `select s.id, s.channel_id from carrier_services s join channels c on c.id = s.channel_id
     where c.platform_code = 'ratecard' order by s.id limit 1`,
  );
  channels.track17 = Number(ratecard?.channel_id);

  const orders = Math.round(options.parcels / PARCELS_PER_ORDER);
  log(`${db}: writing ${orders} bought orders (about ${options.parcels} parcels) on three channels`);
  const [before] = await raw.query('select coalesce(max(id), 0) as id from orders');
  const firstOrderId = Number(before?.id) + 1;
  const hookedIds = hooked.map((merchant) => merchant.id);
  await bulkOrders(raw, db, { orders, merchants: 100, mainUserId: hookedIds[0] as number, prefix: 'trk' });
  // Every generated order bought and waiting for pickup, a third on each channel, a quarter the hooked
  // merchants'; every parcel registered with 17TRACK (as after its first round) and checked just now.
  const now = Date.now();
  await raw.exec(
    `update orders set status = 1, is_test = 0, carrier_code = 'USPS', tracking_no = 'TRK' || id || '-1',
       label_created_at = ${now - 86_400_000},
       channel_id = case id % 3 when 0 then ${channels.easypost} when 1 then ${channels.shipengine} else ${channels.track17} end,
       service_id = case id % 3 when 2 then ${Number(ratecard?.id)} end,
       user_id = case when id % 4 = 0 then case (id / 4) % ${HOOKED_MERCHANTS} ${hookedIds.map((id, k) => `when ${k} then ${id}`).join(' ')} end else user_id end
     where id >= ${firstOrderId}`,
  );
  await raw.exec(
    `update parcels set tracking_no = 'TRK' || order_id || '-' || seq, tracking_status = 1, tracking_registered = 1,
       tracking_checked_at = ${now}, tracking_updated_at = ${now - 86_400_000}, tracking_claimed_until = null
     where order_id >= ${firstOrderId}`,
  );
  if (db === 'postgres') for (const table of ['orders', 'parcels']) await raw.exec(`vacuum analyze ${table}`);
  const [count] = await raw.query('select count(*) as n from parcels where order_id >= ?', [firstOrderId]);

  const pushes = await makePushes(raw, easypost, shipengine, channels, firstOrderId, options.pushes);
  return {
    channels,
    firstOrderId,
    parcels: Number(count?.n),
    hookedUserIds: hookedIds,
    pushes,
    easypost,
    shipengine,
  };
}

/** Parcels of a channel to push about, the first `count` of the generated ones. */
const parcelsOf = (raw: Raw, channelId: number, firstOrderId: number, count: number) =>
  raw.query(
    `select p.id, p.order_id, p.tracking_no, o.user_id from parcels p join orders o on o.id = p.order_id
     where o.channel_id = ? and o.id >= ? order by p.id limit ?`,
    [channelId, firstOrderId, count],
  );

/**
 * `count` pushes, half from each carrier, each about a parcel of its own scanned in transit: EasyPost's
 * trackers are made for the parcels' numbers (`POST /v2/trackers`); ShipEngine knows only the numbers of
 * labels it sold, so labels are bought from its stand-in and their numbers given to the parcels.
 */
async function makePushes(
  raw: Raw,
  easypost: EasyPostStandIn,
  shipengine: ShipEngineStandIn,
  channels: TrackingWorld['channels'],
  firstOrderId: number,
  count: number,
): Promise<Push[]> {
  const each = Math.ceil(count / 2);
  const viaEasyPost = await parcelsOf(raw, channels.easypost, firstOrderId, each);
  const viaShipEngine = await parcelsOf(raw, channels.shipengine, firstOrderId, each);
  log(`${viaEasyPost.length + viaShipEngine.length} parcels to push about: their trackers and labels at the stand-ins`);
  const easypostPushes: Push[] = [];
  for (const parcel of viaEasyPost) {
    const code = String(parcel.tracking_no);
    await standInCall(
      `${easypost.url}/v2/trackers`,
      { authorization: `Basic ${btoa(`${EASYPOST_KEY}:`)}` },
      {
        tracker: { tracking_code: code, carrier: 'USPS' },
      },
    );
    easypost.scan(code, 'in_transit', 'Arrived at USPS Regional Facility', 'LOS ANGELES CA');
    easypostPushes.push({
      ...pushOf(parcel, channels.easypost, code),
      ...easypost.trackerEvent(code, WEBHOOK_SECRET),
    });
  }
  const numbers: string[] = [];
  while (numbers.length < viaShipEngine.length) numbers.push(...(await shipEngineLabel(shipengine)));
  const shipenginePushes: Push[] = [];
  await raw.transaction(async (query) => {
    for (const [k, parcel] of viaShipEngine.entries()) {
      const number = numbers[k] as string;
      await query('update parcels set tracking_no = ? where id = ?', [number, parcel.id]);
      shipengine.scan(number, 'IT', 'Arrived at USPS Regional Facility', 'LOS ANGELES CA');
      shipenginePushes.push({ ...pushOf(parcel, channels.shipengine, number), ...shipengine.trackingEvent(number) });
    }
  });
  // Alternately from each carrier, as their pushes would mingle.
  return Array.from({ length: Math.max(easypostPushes.length, shipenginePushes.length) }, (_, k) => [
    easypostPushes[k],
    shipenginePushes[k],
  ])
    .flat()
    .filter((push): push is Push => push !== undefined);
}

const pushOf = (parcel: Record<string, unknown>, channelId: number, trackingNo: string) => ({
  channelId,
  trackingNo,
  parcelId: Number(parcel.id),
  orderId: Number(parcel.order_id),
  userId: Number(parcel.user_id),
});

async function standInCall(url: string, headers: Record<string, string>, body: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}

/** A ZPL label of PACKAGES_PER_LABEL parcels bought from the ShipEngine stand-in: their tracking numbers. */
async function shipEngineLabel(shipengine: ShipEngineStandIn): Promise<string[]> {
  const address = { address_line1: '9450 Wilshire Blvd', city_locality: 'Beverly Hills', state_province: 'CA' };
  const label = (await standInCall(
    `${shipengine.url}/v1/labels`,
    { 'api-key': SHIPENGINE_KEY },
    {
      label_format: 'zpl',
      shipment: {
        carrier_id: SHIPENGINE_CARRIERS[0].carrier_id,
        service_code: SHIPENGINE_CARRIERS[0].services[0].service_code,
        ship_from: { ...address, name: 'Shipper', phone: '310-555-0100', postal_code: '90210', country_code: 'US' },
        ship_to: { ...address, name: 'Recipient', postal_code: '90210', country_code: 'US' },
        packages: Array.from({ length: PACKAGES_PER_LABEL }, () => ({ weight: { value: 1, unit: 'pound' } })),
      },
    },
  )) as { packages: { tracking_number: string }[] };
  return label.packages.map((pack) => pack.tracking_number);
}
