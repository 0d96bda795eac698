import type { TrackingEvent } from '../../tracking/provider.ts';
import type {
  CarrierAdapter,
  PurchasedParcel,
  PurchaseResult,
  RateResult,
  ServiceConfig,
  VoidOutcome,
} from '../types.ts';
import { type UpstreamClient, UpstreamError } from '../upstream/types.ts';
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
  type KarrioTracker,
  shipmentData,
  trackerStatusOf,
} from './wire.ts';

const channelOf = (settings: Record<string, unknown>): KarrioChannelSettings => karrioChannelSettings.parse(settings);
const serviceOf = (service: ServiceConfig): KarrioServiceSettings => karrioServiceSettings.parse(service.settings);

const cents = (amount: number) => Math.round(amount * 100);

function rateFor(rates: readonly KarrioRate[], wanted: KarrioServiceSettings): KarrioRate | undefined {
  return rates.find(
    (rate) => rate.service === wanted.service && (wanted.carrierId === '' || rate.carrier_id === wanted.carrierId),
  );
}

/** The shipment as Karrio has it now. */
async function readShipment(http: UpstreamClient, id: string, orderNo: string, operation: 'purchase' | 'void') {
  const answer = await http.send({
    operation,
    method: 'GET',
    path: `/v1/shipments/${encodeURIComponent(id)}`,
    orderNo,
  });
  return answer.json as KarrioShipment;
}

/**
 * Buys the rate on the shipment. A shipment already bought is refused (409): when that refusal answers
 * our own retry, the shipment as bought is read back, so a retried purchase never pays twice.
 */
async function buy(http: UpstreamClient, shipment: KarrioShipment, rateId: string, key: string, orderNo: string) {
  try {
    const answer = await http.send({
      operation: 'purchase',
      method: 'POST',
      path: `/v1/shipments/${encodeURIComponent(shipment.id)}/purchase`,
      json: { selected_rate_id: rateId },
      idempotencyKey: key,
      orderNo,
    });
    return answer.json as KarrioShipment;
  } catch (error) {
    if (!(error instanceof UpstreamError && error.details.status === 409)) throw error;
    const bought = await readShipment(http, shipment.id, orderNo, 'purchase');
    if (bought.status === 'draft' || bought.status === 'cancelled') throw error;
    return bought;
  }
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
  const label = await http.send({
    operation: 'purchase',
    method: 'GET',
    path: bought.label_url,
    expect: 'bytes',
    orderNo,
  });
  const format = (bought.label_type || 'PDF').toLowerCase() as 'pdf' | 'png' | 'zpl';
  const numbers = bought.meta?.tracking_numbers ?? [];
  const parcels = Array.from(
    { length: parcelCount },
    (_parcel, index): PurchasedParcel => ({
      trackingNumber: numbers[index] ?? bought.tracking_number ?? '',
      ...(index === 0 ? { document: { format, bytes: label.bytes ?? Buffer.alloc(0) } } : {}),
    }),
  );
  return { trackingNumber: bought.tracking_number, parcels, upstreamId: bought.id };
}

/** Karrio's cancellation as a void's outcome: a cancelled shipment is the carrier's void accepted. */
function voidOutcomeOf(shipment: KarrioShipment): VoidOutcome {
  return shipment.status === 'cancelled'
    ? { status: 'refunded' }
    : { status: 'rejected', message: `Karrio left the shipment ${shipment.status}` };
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
    const { rates } = answer.json as { rates: KarrioRate[] };
    return request.services.map((service): RateResult => {
      const rate = rateFor(rates, serviceOf(service));
      if (!rate) return { ok: false, serviceId: service.id, reason: 'noRate' };
      return wholeShipmentQuote(service.id, request.shipment.parcels, cents(rate.total_charge), rate.transit_days);
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
    const shipment = created.json as KarrioShipment;
    await request.remember?.(shipment.id);
    const rate = rateFor(shipment.rates, wanted);
    if (!rate) throw new UpstreamError('badRequest', `Karrio offers no ${wanted.service} rate for this shipment`);
    const bought = await buy(http, shipment, rate.id, request.idempotencyKey, request.reference);
    return resultOf(http, bought, request.shipment.parcels.length, request.reference);
  },

  async findPurchase(request, { http }) {
    const shipment = await readShipment(http, request.upstreamId, request.reference, 'purchase');
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
    return voidOutcomeOf(answer.json as KarrioShipment);
  },

  async track(request, { http }) {
    const events = new Map<string, TrackingEvent[]>();
    for (const parcel of request.parcels) {
      const answer = await http.send({
        operation: 'track',
        method: 'GET',
        path: `/v1/trackers/${encodeURIComponent(parcel.trackingNumber)}`,
      });
      const tracker = answer.json as KarrioTracker;
      // Karrio's events carry no state of their own: the newest is the tracker's, the earlier ones in transit.
      const sorted = [...tracker.events].sort((a, b) => eventTime(a.date, a.time) - eventTime(b.date, b.time));
      events.set(
        parcel.trackingNumber,
        sorted.map((event, index) => ({
          status: index === sorted.length - 1 ? trackerStatusOf(tracker.status) : trackerStatusOf('in_transit'),
          description: event.description ?? '',
          location: event.location ?? '',
          occurredAt: eventTime(event.date, event.time),
        })),
      );
    }
    return events;
  },
};
