import { formatCents, type Locale, shipmentInsurance } from '@parcelport/shared';
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig, ServiceConfig } from '../../carriers/contract/channel.ts';
import type { CarrierQuote, Charges, RateResult } from '../../carriers/contract/rates.ts';
import type { Shipment } from '../../carriers/contract/shipment.ts';
import { dateAfterBusinessDays } from '../../carriers/delivery-date.ts';
import { adapterFor, channelForLabel } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { invalidFields } from '../../core/errors.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { type Memo, memoize } from '../../lib/memo.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { type AllottedService, adapterDeps, allottedServices, ratingDataFor } from '../channels/index.ts';
import { loadCustomerPricing } from '../pricing/index.ts';

/** One carrier service's answer for a shipment: a price (customer's) or why it cannot carry it. */
export interface QuoteLine {
  channelId: number;
  channelName: string;
  serviceId: number;
  serviceCode: string;
  serviceName: string;
  carrierCode: string;
  available: boolean;
  reason: string | null;
  /** On a line of a channel paused by its circuit breaker: when it takes calls again (epoch ms). */
  pausedUntil?: number;
  zone: number | null;
  zoneSource: 'chart' | 'distance' | null;
  billableOz: number[];
  /** Carrier cost (cents) before markup; only staff are shown it. */
  costCents: number;
  /** The customer's shipping price (cents) after markup, before insurance. */
  priceCents: number;
  insuranceCents: number;
  totalCents: number;
  /** Surcharges at the carrier's price; the base line absorbs the markup. */
  charges: Charges;
  /** Business days in transit (the carrier's, or the ratecard's transit table for the zone). */
  deliveryDays: number | null;
  /** The expected delivery date (YYYY-MM-DD): the carrier's, else counted from the transit days. */
  deliveryDate: string | null;
  /** Where the date came from: the carrier's answer, or counted from the transit days ('transit'). */
  deliveryFrom: 'carrier' | 'transit' | null;
  ruleId: number | null;
  /** A proxy's customer's line: the proxy, and its commission in `priceCents` (never shown to the customer). */
  proxy?: { id: number; commissionCents: number };
  cheapest: boolean;
  fastest: boolean;
}

const NO_CHARGES: Charges = { base: 0, fuel: 0, residential: 0, oversize: 0, remote: 0 };

/** Why a channel's services have no rate when its adapter failed: paused by its breaker, or the carrier's error. */
function unratedBy(error: unknown, serviceId: number): RateResult {
  const pausedUntil = error instanceof UpstreamError ? error.details.pausedUntil : undefined;
  if (pausedUntil !== undefined) {
    return { ok: false, serviceId, reason: 'channelPaused', params: { until: new Date(pausedUntil).toISOString() } };
  }
  return {
    ok: false,
    serviceId,
    reason: 'platformError',
    params: { message: String((error as Error).message ?? error) },
  };
}

/** A quote's expected delivery date: the carrier's own, else its transit days counted from today. */
function expectedDelivery(result: CarrierQuote, now: number): Pick<QuoteLine, 'deliveryDate' | 'deliveryFrom'> {
  if (result.deliveryDate) return { deliveryDate: result.deliveryDate, deliveryFrom: 'carrier' };
  if (result.deliveryDays === null) return { deliveryDate: null, deliveryFrom: null };
  return { deliveryDate: dateAfterBusinessDays(now, result.deliveryDays), deliveryFrom: 'transit' };
}

/** Insurance for the declared values, or a 400 naming the limit the shipment breaks. */
export function insuranceFor(declaredPerParcel: number[]) {
  const insurance = shipmentInsurance(declaredPerParcel);
  if (!insurance.ok) {
    const field = insurance.error === 'overShipmentLimit' ? 'parcels' : `parcels.${insurance.index ?? 0}.insuredValue`;
    throw invalidFields({
      [field]: insurance.error === 'overShipmentLimit' ? 'insuranceOverShipment' : 'insuranceOverPackage',
    });
  }
  return insurance.value;
}

/** One adapter's rates for a channel's services, with the platform's rating data when it prices from them. */
async function rateWith(
  ctx: AppContext,
  adapter: CarrierAdapter,
  channel: ChannelConfig,
  services: ServiceConfig[],
  shipment: Shipment,
  memo?: Memo,
): Promise<RateResult[]> {
  const data = adapter.usesRatingData ? await ratingDataFor(ctx.db, services, shipment, memo) : undefined;
  return adapter.rate({ channel, services, shipment, data }, adapterDeps(ctx, adapter, channel));
}

/** The user's allotted services; read once per batch chunk when a memo is given. */
export function servicesOf(ctx: AppContext, userId: number, memo?: Memo): Promise<AllottedService[]> {
  return memoize(memo, `services:${userId}`, () => allottedServices(ctx.db, userId));
}

/**
 * Whether the user's quotes of a shipment can be kept while the catalogue version stands: every channel of
 * its allotted services rates offline (no carrier's answer, no breaker's pause that the version would not
 * show). A channel with no adapter is not kept either.
 */
export async function quotesKeepable(ctx: AppContext, userId: number, memo?: Memo): Promise<boolean> {
  const allotted = await servicesOf(ctx, userId, memo);
  return allotted.every(({ channel }) => adapterFor(channel.platformCode)?.offlineRates === true);
}

/** How a shipment is quoted: only some services, a batch chunk's shared reads, for a test label. */
export interface QuoteOptions {
  serviceIds?: number[] | undefined;
  /** Within a batch job, shares the services, the pricing and the zones between the orders of a chunk. */
  memo?: Memo | undefined;
  /** For a test label: an upstream channel is asked with the carrier's test credentials, or not at all. */
  test?: boolean | undefined;
}

/**
 * Rates a shipment with every allotted service (or the given ones), one adapter call per channel, applies
 * the user's markups and the insurance premium, and marks the cheapest and the fastest.
 */
export async function quoteShipment(
  ctx: AppContext,
  userId: number,
  shipment: Shipment,
  declaredPerParcel: number[],
  locale: Locale,
  { serviceIds, memo, test = false }: QuoteOptions = {},
): Promise<QuoteLine[]> {
  const insurance = insuranceFor(declaredPerParcel);
  const allotted = await servicesOf(ctx, userId, memo);
  const services = serviceIds ? allotted.filter((entry) => serviceIds.includes(entry.service.id)) : allotted;
  const price = await memoize(memo, `pricing:${userId}`, () => loadCustomerPricing(ctx.db, userId));
  const byChannel = new Map<number, AllottedService[]>();
  for (const entry of services) byChannel.set(entry.channel.id, [...(byChannel.get(entry.channel.id) ?? []), entry]);

  const results = new Map<number, RateResult>();
  await Promise.all(
    [...byChannel.values()].map(async (entries) => {
      const allotted = (entries[0] as AllottedService).channel;
      const adapter = adapterFor(allotted.platformCode);
      const channel = adapter && channelForLabel(adapter, allotted, test);
      const channelServices = entries.map((entry) => entry.service);
      const unrated = (reason: 'platformError' | 'noTestCredentials', params?: Record<string, string>) =>
        entries.map((entry) => ({ ok: false as const, serviceId: entry.service.id, reason, params }));
      const rated: RateResult[] = !adapter
        ? unrated('platformError', { message: allotted.platformCode })
        : !channel
          ? unrated('noTestCredentials')
          : await rateWith(ctx, adapter, channel, channelServices, shipment, memo).catch((error: unknown) =>
              entries.map((entry) => unratedBy(error, entry.service.id)),
            );
      for (const result of rated) results.set(result.serviceId, result);
    }),
  );

  const now = Date.now();
  const lines: QuoteLine[] = services.map(({ channel, service }) => {
    const result = results.get(service.id);
    const base = {
      channelId: channel.id,
      channelName: channel.name,
      serviceId: service.id,
      serviceCode: service.code,
      serviceName: service.name,
      carrierCode: service.carrierCode,
      cheapest: false,
      fastest: false,
    };
    if (!result?.ok) {
      const reason = result ? translate(`reason_${result.reason}` as MessageKey, locale, result.params) : null;
      return {
        ...base,
        available: false,
        reason,
        ...(result?.reason === 'channelPaused' ? { pausedUntil: Date.parse(String(result.params?.until)) } : {}),
        zone: null,
        zoneSource: null,
        billableOz: [],
        costCents: 0,
        priceCents: 0,
        insuranceCents: 0,
        totalCents: 0,
        charges: NO_CHARGES,
        deliveryDays: null,
        deliveryDate: null,
        deliveryFrom: null,
        ruleId: null,
      };
    }
    const priced = price(channel.id, service.id, result.costCents);
    const charges = result.parcels.reduce<Charges>(
      (sum, parcel) => ({
        base: sum.base + parcel.charges.base,
        fuel: sum.fuel + parcel.charges.fuel,
        residential: sum.residential + parcel.charges.residential,
        oversize: sum.oversize + parcel.charges.oversize,
        remote: sum.remote + parcel.charges.remote,
      }),
      NO_CHARGES,
    );
    const surcharges = charges.fuel + charges.residential + charges.oversize + charges.remote;
    return {
      ...base,
      available: true,
      reason: null,
      zone: result.zone,
      zoneSource: result.zoneSource,
      billableOz: result.parcels.map((parcel) => parcel.billableOz),
      costCents: result.costCents,
      priceCents: priced.priceCents,
      insuranceCents: insurance.premiumCents,
      totalCents: priced.priceCents + insurance.premiumCents,
      charges: { ...charges, base: priced.priceCents - surcharges },
      deliveryDays: result.deliveryDays,
      ...expectedDelivery(result, now),
      ruleId: priced.ruleId,
      ...(priced.proxy ? { proxy: priced.proxy } : {}),
    };
  });

  const available = lines.filter((line) => line.available);
  const cheapest = available.reduce<QuoteLine | null>(
    (best, line) => (!best || line.totalCents < best.totalCents ? line : best),
    null,
  );
  const fastest = available
    .filter((line) => line.deliveryDays !== null)
    .reduce<QuoteLine | null>(
      (best, line) =>
        !best ||
        (line.deliveryDays as number) < (best.deliveryDays as number) ||
        (line.deliveryDays === best.deliveryDays && line.totalCents < best.totalCents)
          ? line
          : best,
      null,
    );
  if (cheapest) cheapest.cheapest = true;
  if (fastest) fastest.fastest = true;
  return lines;
}

/** The API view of a quote line; cost and margin only for staff who set prices. */
export function quoteView(line: QuoteLine, showCost: boolean) {
  return {
    channelId: line.channelId,
    channelName: line.channelName,
    serviceId: line.serviceId,
    serviceCode: line.serviceCode,
    serviceName: line.serviceName,
    carrierCode: line.carrierCode,
    available: line.available,
    reason: line.reason,
    zone: line.zone,
    zoneSource: line.zoneSource,
    billableWeightOz: line.billableOz,
    price: formatCents(line.priceCents),
    insurance: formatCents(line.insuranceCents),
    total: formatCents(line.totalCents),
    breakdown: {
      base: formatCents(line.charges.base),
      fuel: formatCents(line.charges.fuel),
      residential: formatCents(line.charges.residential),
      oversize: formatCents(line.charges.oversize),
      remote: formatCents(line.charges.remote),
    },
    deliveryDays: line.deliveryDays,
    expectedDelivery: line.deliveryDate,
    deliveryFrom: line.deliveryFrom,
    cheapest: line.cheapest,
    fastest: line.fastest,
    ...(showCost ? { cost: formatCents(line.costCents), margin: formatCents(line.priceCents - line.costCents) } : {}),
  };
}
