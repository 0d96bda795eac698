import type { z } from 'zod';
import type { TrackingEvent } from '../../core/tracking.ts';
import { type UpstreamClient, UpstreamError, type UpstreamResponse } from '../../outbound/types.ts';
import type { CarrierAdapter } from '../contract/adapter.ts';
import type { ServiceConfig } from '../contract/channel.ts';
import type { PurchasedParcel, PurchaseResult, VoidOutcome } from '../contract/labels.ts';
import type { RateResult } from '../contract/rates.ts';
import { readAnswer } from '../upstream/answers.ts';
import { wholeShipmentQuote } from '../upstream/units.ts';
import {
  type KarrioChannelSettings,
  type KarrioServiceSettings,
  karrioChannelSettings,
  karrioServiceSettings,
} from './settings.ts';
import {
  eventTime,
  type KarrioRate,
  type KarrioShipment,
  karrioComplaint,
  karrioRateResponse,
  karrioShipment,
  karrioTracker,
  shipmentData,
  trackerStatusOf,
} from './wire.ts';

const channelOf = (settings: Record<string, unknown>): KarrioChannelSettings => karrioChannelSettings.parse(settings);
const serviceOf = (service: ServiceConfig): KarrioServiceSettings => karrioServiceSettings.parse(service.settings);

const cents = (amount: number) => Math.round(amount * 100);

/** The adapter's operations, as an answer that changed shape names them. */
type Operation = 'rate' | 'purchase' | 'void' | 'findPurchase' | 'track';

/** An answer read through the schema of its documented shape: a changed one fails naming the operation and field. */
function answerOf<Schema extends z.ZodType>(
  schema: Schema,
  answer: Pick<UpstreamResponse, 'json'>,
  operation: Operation,
): z.output<Schema> {
  return readAnswer(schema, answer.json, { provider: 'karrio', operation });
}

/** The rate of the service asked for; of its connection when the service names one (several may offer it). */
function rateFor(rates: readonly KarrioRate[], wanted: KarrioServiceSettings): KarrioRate | undefined {
  return rates.find(
    (rate) => rate.service === wanted.service && (wanted.carrierId === '' || rate.carrier_id === wanted.carrierId),
  );
}

/**
 * Buys the rate on the shipment, once: Karrio keeps no idempotency key (a repeat sent while the first still
 * waits on the carrier would buy again), so a lost answer is an unknown outcome, settled by `findPurchase`.
 */
async function buy(http: UpstreamClient, shipment: KarrioShipment, rateId: string, orderNo: string) {
  const answer = await http.send({
    operation: 'purchase',
    method: 'POST',
    path: `/v1/shipments/${encodeURIComponent(shipment.id)}/purchase`,
    json: { selected_rate_id: rateId },
    orderNo,
  });
  return answerOf(karrioShipment, answer, 'purchase');
}

/** The label Karrio issued for the shipment of `parcelCount` parcels: one document for all, on the first. */
async function resultOf(
  http: UpstreamClient,
  bought: KarrioShipment,
  parcelCount: number,
  orderNo: string,
): Promise<PurchaseResult> {
  if (!bought.tracking_number || !bought.label_url)
    throw new UpstreamError('transient', 'Karrio answered a purchase without a label');
  // The label URL is a path of the Karrio server (`/v1/shipments/{id}/label.pdf`), read with the API key.
  const label = await http.send({
    operation: 'purchase',
    method: 'GET',
    path: bought.label_url,
    expect: 'bytes',
    orderNo,
  });
  const format = (bought.label_type ?? 'PDF').toLowerCase() as 'pdf' | 'png' | 'zpl';
  const numbers = bought.meta?.tracking_numbers ?? [];
  const tracking = bought.tracking_number;
  const parcels = Array.from(
    { length: parcelCount },
    (_parcel, index): PurchasedParcel => ({
      trackingNumber: numbers[index] ?? tracking,
      ...(index === 0 ? { document: { format, bytes: label.bytes ?? Buffer.alloc(0) } } : {}),
    }),
  );
  return { trackingNumber: tracking, parcels, upstreamId: bought.id };
}

/** Karrio's cancellation as a void's outcome: a cancelled shipment is the carrier's void accepted. */
function voidOutcomeOf(shipment: KarrioShipment): VoidOutcome {
  return shipment.status === 'cancelled'
    ? { status: 'refunded' }
    : { status: 'rejected', message: `Karrio left the shipment ${shipment.status}` };
}

/**
 * A tracker's events, oldest first. An event's own status is its state; one without (Karrio before 2026.1,
 * or a scan the carrier did not classify) takes the tracker's status when it is the newest, else in transit.
 */
function trackingEventsOf(tracker: z.output<typeof karrioTracker>): TrackingEvent[] {
  const sorted = [...(tracker.events ?? [])].sort((a, b) => eventTime(a) - eventTime(b));
  return sorted.map((event, index) => ({
    status: trackerStatusOf(event.status || (index === sorted.length - 1 ? tracker.status : 'in_transit')),
    description: event.description ?? '',
    location: event.location ?? '',
    occurredAt: eventTime(event),
  }));
}

/**
 * Karrio (https://docs.karrio.io): the open-source, self-hostable multi-carrier API, with the carrier
 * connections configured in it. Quoted through its rating proxy; bought as one Karrio shipment per order
 * (its id remembered before the purchase), the label fetched from its label URL; voided by cancelling the
 * shipment; parcels tracked through its trackers. The upstream id kept with the order is the shipment id.
 */
export const karrioAdapter: CarrierAdapter = {
  code: 'karrio',
  channelSettings: karrioChannelSettings,
  serviceSettings: karrioServiceSettings,

  upstream(settings) {
    const channel = channelOf(settings);
    return {
      baseUrl: channel.baseUrl,
      timeoutMs: channel.timeoutMs,
      authorize: () => ({ authorization: `Token ${channel.apiKey}` }),
      errorOf: karrioComplaint,
      secrets: [channel.apiKey],
    };
  },

  async rate(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const answer = await http.send({
      operation: 'rate',
      method: 'POST',
      path: '/v1/proxy/rates',
      json: {
        ...shipmentData(request.shipment),
        services: request.services.map((service) => serviceOf(service).service),
        ...(settings.carrierIds.length > 0 ? { carrier_ids: settings.carrierIds } : {}),
      },
    });
    const { rates } = answerOf(karrioRateResponse, answer, 'rate');
    return request.services.map((service): RateResult => {
      const rate = rateFor(rates, serviceOf(service));
      if (!rate) return { ok: false, serviceId: service.id, reason: 'notQuoted' };
      return wholeShipmentQuote(
        service.id,
        request.shipment.parcels,
        cents(rate.total_charge),
        rate.transit_days ?? null,
      );
    });
  },

  async purchase(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const wanted = serviceOf(request.service);
    const created = await http.send({
      operation: 'purchase',
      method: 'POST',
      path: '/v1/shipments',
      json: {
        ...shipmentData(request.shipment),
        // `services` (not `service`, which would buy at once): the shipment stays a draft until bought.
        services: [wanted.service],
        label_type: settings.labelFormat,
        reference: request.reference,
        metadata: { parcelport_key: request.idempotencyKey },
        ...(settings.carrierIds.length > 0 ? { carrier_ids: settings.carrierIds } : {}),
      },
      orderNo: request.reference,
      // A shipment is a draft until it is purchased: making it again costs nothing.
      repeatable: true,
    });
    const shipment = answerOf(karrioShipment, created, 'purchase');
    await request.remember?.(shipment.id);
    const rate = rateFor(shipment.rates, wanted);
    if (!rate) throw new UpstreamError('badRequest', `Karrio offers no ${wanted.service} rate for this shipment`);
    const bought = await buy(http, shipment, rate.id, request.reference);
    return resultOf(http, bought, request.shipment.parcels.length, request.reference);
  },

  async findPurchase(request, { http }) {
    const answer = await http.send({
      operation: 'purchase',
      method: 'GET',
      path: `/v1/shipments/${encodeURIComponent(request.upstreamId)}`,
      orderNo: request.reference,
    });
    const shipment = answerOf(karrioShipment, answer, 'findPurchase');
    if (shipment.status === 'draft' || shipment.status === 'cancelled' || !shipment.tracking_number) return null;
    return resultOf(http, shipment, shipment.meta?.tracking_numbers?.length ?? 1, request.reference);
  },

  async void(request, { http }) {
    if (!request.upstreamId) return { status: 'rejected', message: 'no Karrio shipment is known for this order' };
    const answer = await http.send({
      operation: 'void',
      method: 'POST',
      path: `/v1/shipments/${encodeURIComponent(request.upstreamId)}/cancel`,
      orderNo: request.reference,
    });
    return voidOutcomeOf(answerOf(karrioShipment, answer, 'void'));
  },

  async track(request, { http }) {
    const events = new Map<string, TrackingEvent[]>();
    for (const parcel of request.parcels) {
      const answer = await http.send({
        operation: 'track',
        method: 'GET',
        path: `/v1/trackers/${encodeURIComponent(parcel.trackingNumber)}`,
      });
      events.set(parcel.trackingNumber, trackingEventsOf(answerOf(karrioTracker, answer, 'track')));
    }
    return events;
  },
};
