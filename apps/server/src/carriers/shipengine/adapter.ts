import type { z } from 'zod';
import type { TrackingEvent } from '../../core/tracking.ts';
import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { CarrierAdapter } from '../contract/adapter.ts';
import type { ServiceConfig } from '../contract/channel.ts';
import type { PurchasedParcel, PurchaseResult, VoidOutcome } from '../contract/labels.ts';
import type { PickupResult } from '../contract/pickups.ts';
import type { RateResult } from '../contract/rates.ts';
import { businessDaysUntil, carrierDate } from '../delivery-date.ts';
import { CLOCK_LEEWAY_MS, readAnswer } from '../upstream/answers.ts';
import { testKeySettings } from '../upstream/test-keys.ts';
import { wholeShipmentQuote } from '../upstream/units.ts';
import {
  type ShipEngineChannelSettings,
  type ShipEngineServiceSettings,
  shipengineChannelSettings,
  shipengineServiceSettings,
} from './settings.ts';
import { shipengineWebhook } from './webhook.ts';
import {
  eventsOf,
  pickupRequestOf,
  rateCents,
  refundOutcomeOf,
  type ShipEngineLabel,
  shipengineComplaint,
  shipengineLabel,
  shipenginePickup,
  shipenginePickupDeleted,
  shipenginePickups,
  shipengineRates,
  shipengineTracking,
  shipengineValidation,
  shipengineVoid,
  shipmentOf,
  TRACKING_CARRIER,
  validationRequestOf,
  verdictOfValidation,
  voidOutcomeOf,
} from './wire.ts';

const channelOf = (settings: Record<string, unknown>): ShipEngineChannelSettings =>
  shipengineChannelSettings.parse(settings);
const serviceOf = (service: ServiceConfig): ShipEngineServiceSettings =>
  shipengineServiceSettings.parse(service.settings);
/** A void or its refund asked of an order whose label ShipEngine never named (nothing to ask about). */
const NO_LABEL: VoidOutcome = { status: 'rejected', message: 'no ShipEngine label is known for this order' };

/** Who answered what, named when an answer is not in ShipEngine's documented shape. */
const answerOf = (operation: string) => ({ provider: 'shipengine', operation });

/** A scheduled pickup as the platform keeps it; ShipEngine names no fee (a charge comes on the carrier's bill). */
const bookingOf = (pickup: z.infer<typeof shipenginePickup>): PickupResult => ({
  confirmation: pickup.confirmation_number ?? pickup.pickup_id,
  upstreamId: pickup.pickup_id,
  feeCents: 0,
});

/** A label by its ShipEngine id, as it stands now (its refund among the rest). */
async function labelById(http: UpstreamClient, labelId: string, orderNo: string): Promise<ShipEngineLabel> {
  const answer = await http.send({
    operation: 'void',
    method: 'GET',
    path: `/v1/labels/${encodeURIComponent(labelId)}`,
    orderNo,
  });
  return readAnswer(shipengineLabel, answer.json, answerOf('voidStatus'));
}

/** Each parcel's own label when ShipEngine gives one per package, else the label's one document for each. */
async function documentsOf(http: UpstreamClient, label: ShipEngineLabel, orderNo: string): Promise<PurchasedParcel[]> {
  const packages = [...label.packages].sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
  return Promise.all(
    packages.map(async (pack) => {
      const download = pack.label_download ?? label.label_download;
      const url = download[label.label_format] ?? download.href;
      if (!url) throw new UpstreamError('transient', 'ShipEngine answered a label without a download');
      const answer = await http.send({ operation: 'purchase', method: 'GET', path: url, expect: 'bytes', orderNo });
      return {
        trackingNumber: pack.tracking_number,
        document: { format: label.label_format, bytes: answer.bytes ?? Buffer.alloc(0) },
      };
    }),
  );
}

async function resultOf(http: UpstreamClient, label: ShipEngineLabel, orderNo: string): Promise<PurchaseResult> {
  const parcels = await documentsOf(http, label, orderNo);
  return { trackingNumber: label.tracking_number, parcels, upstreamId: label.label_id };
}

/** The label bought with `externalShipmentId`, or null when ShipEngine has none (404). */
async function labelByExternalId(
  http: UpstreamClient,
  externalShipmentId: string,
  orderNo: string,
): Promise<ShipEngineLabel | null> {
  try {
    const answer = await http.send({
      operation: 'purchase',
      method: 'GET',
      path: `/v1/labels/external_shipment_id/${encodeURIComponent(externalShipmentId)}`,
      orderNo,
    });
    return readAnswer(shipengineLabel, answer.json, answerOf('findPurchase'));
  } catch (error) {
    if (error instanceof UpstreamError && error.details.status === 404) return null;
    throw error;
  }
}

/**
 * ShipEngine, now the ShipStation API (https://docs.shipstation.com/apis/shipengine, v1): rates from the
 * channel's carrier accounts, one multi-package label per order bought with the service's carrier and
 * service code, the label files fetched from their download URLs, voided by label id, parcels tracked by
 * carrier and tracking number, addresses validated one at a time. A void is a refund request: its refund
 * is followed on the label (`refund_details`) until it is approved or rejected. ShipEngine takes no idempotency key:
 * each purchase carries an `external_shipment_id` made of the order number and version, remembered
 * before the call, by which a purchase whose answer was lost is looked up instead of bought again. The
 * upstream id kept with the order is the label id.
 */
export const shipengineAdapter: CarrierAdapter = {
  code: 'shipengine',
  channelSettings: shipengineChannelSettings,
  serviceSettings: shipengineServiceSettings,
  // ShipEngine's sandbox keys start TEST_ (its Sandbox guide): their labels are never charged.
  testSettings: testKeySettings('TEST_'),

  upstream(settings) {
    const channel = channelOf(settings);
    return {
      baseUrl: channel.baseUrl,
      timeoutMs: channel.timeoutMs,
      authorize: () => ({ 'API-Key': channel.apiKey }),
      errorOf: shipengineComplaint,
      secrets: [channel.apiKey],
    };
  },

  async rate(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const answer = await http.send({
      operation: 'rate',
      method: 'POST',
      path: '/v1/rates',
      json: {
        rate_options: { carrier_ids: settings.carrierIds },
        shipment: shipmentOf(request.shipment, settings.senderPhone),
      },
    });
    const { rate_response: rated } = readAnswer(shipengineRates, answer.json, answerOf('rate'));
    const [refusal] = rated.errors ?? [];
    if (rated.rates.length === 0 && refusal)
      throw new UpstreamError('badRequest', refusal.message || 'ShipEngine answered no rates', { status: 200 });
    return request.services.map((service): RateResult => {
      const wanted = serviceOf(service);
      const rate = rated.rates.find(
        (candidate) => candidate.carrier_id === wanted.carrierId && candidate.service_code === wanted.serviceCode,
      );
      if (!rate) return { ok: false, serviceId: service.id, reason: 'notQuoted' };
      const date = carrierDate(rate.estimated_delivery_date);
      // UPS Ground answers a date and no days: its days are the business days from its ship date to that date.
      const shipped = Date.parse(rate.ship_date ?? '');
      const days = rate.delivery_days ?? (date && Number.isFinite(shipped) ? businessDaysUntil(shipped, date) : null);
      return wholeShipmentQuote(service.id, request.shipment.parcels, rateCents(rate), days, date);
    });
  },

  // ShipStation API's label request takes `is_return_label` and `charge_event` (docs.shipstation.com,
  // "Return Labels"): `on_carrier_acceptance` bills the label when the carrier first scans it.
  returns: { payOnUse: true, validityDays: null },

  async purchase(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const wanted = serviceOf(request.service);
    const externalShipmentId = request.idempotencyKey;
    await request.remember?.(externalShipmentId);
    let label: ShipEngineLabel;
    try {
      const answer = await http.send({
        operation: 'purchase',
        method: 'POST',
        path: '/v1/labels',
        json: {
          shipment: {
            carrier_id: wanted.carrierId,
            service_code: wanted.serviceCode,
            external_shipment_id: externalShipmentId,
            ...shipmentOf(request.shipment, settings.senderPhone, request.reference),
          },
          label_format: settings.labelFormat,
          label_layout: '4x6',
          label_download_type: 'url',
          ...returnFields(request.isReturn),
        },
        orderNo: request.reference,
      });
      label = readAnswer(shipengineLabel, answer.json, answerOf('purchase'));
    } catch (error) {
      // The answer was lost (a timeout, a 5xx): the label may exist. Asked by its external id, it is
      // taken as bought; when it cannot be found now the purchase stays unconfirmed (never bought twice).
      if (!(error instanceof UpstreamError && error.kind === 'transient')) throw error;
      const found = await labelByExternalId(http, externalShipmentId, request.reference).catch(() => null);
      if (found?.status !== 'completed') throw error;
      label = found;
    }
    return resultOf(http, label, request.reference);
  },

  async findPurchase(request, { http }) {
    const label = await labelByExternalId(http, request.upstreamId, request.reference);
    if (label?.status !== 'completed') return null;
    return resultOf(http, label, request.reference);
  },

  async void(request, { http }) {
    if (!request.upstreamId) return NO_LABEL;
    const answer = await http.send({
      operation: 'void',
      method: 'PUT',
      path: `/v1/labels/${encodeURIComponent(request.upstreamId)}/void`,
      orderNo: request.reference,
    });
    return voidOutcomeOf(readAnswer(shipengineVoid, answer.json, answerOf('void')));
  },

  async voidStatus(request, { http }) {
    if (!request.upstreamId) return NO_LABEL;
    return refundOutcomeOf(await labelById(http, request.upstreamId, request.reference));
  },

  // ShipEngine names no fee: a carrier's pickup charge comes on the carrier's bill (bills module).
  pickups: {
    feeBefore: () => 0,
    async book(request, { http }) {
      const answer = await http.send({
        operation: 'pickup',
        method: 'POST',
        path: '/v1/pickups',
        json: pickupRequestOf(request),
        orderNo: request.reference,
      });
      return bookingOf(readAnswer(shipenginePickup, answer.json, answerOf('pickup')));
    },
    async cancel(request, { http }) {
      const answer = await http.send({
        operation: 'pickup',
        method: 'DELETE',
        path: `/v1/pickups/${encodeURIComponent(request.upstreamId)}`,
        orderNo: request.reference,
      });
      readAnswer(shipenginePickupDeleted, answer.json, answerOf('pickup'));
    },
    // A pickup carries no reference of ours: the one of a lost booking is the one made since it was asked, for
    // exactly the labels it asked for. One cancelled since is no booking to keep.
    async find(request, { http }) {
      const asked = pickupRequestOf(request).label_ids.toSorted().join(',');
      const since = new Date(request.askedAt - CLOCK_LEEWAY_MS).toISOString();
      for (let page = 1; ; page++) {
        const answer = await http.send({
          operation: 'pickup',
          method: 'GET',
          path: '/v1/pickups',
          query: { created_at_start: since, page, page_size: 100 },
          orderNo: request.reference,
        });
        const listed = readAnswer(shipenginePickups, answer.json, answerOf('pickup'));
        const made = listed.pickups.find((pickup) => pickup.label_ids.toSorted().join(',') === asked);
        if (made) return made.cancelled_at ? null : bookingOf(made);
        if (page >= listed.pages) return null;
      }
    },
  },

  async validateAddress({ address }, { http }) {
    const answer = await http.send({
      operation: 'validateAddress',
      method: 'POST',
      path: '/v1/addresses/validate',
      json: validationRequestOf(address),
    });
    const [result] = readAnswer(shipengineValidation, answer.json, answerOf('validateAddress'));
    if (!result) throw new UpstreamError('transient', 'ShipEngine answered no validation result');
    return verdictOfValidation(result);
  },

  webhook(request, { http }) {
    return shipengineWebhook(request, http, channelOf(request.channel.settings).baseUrl);
  },

  async track(request, { http }) {
    const events = new Map<string, TrackingEvent[]>();
    for (const parcel of request.parcels) {
      const answer = await http.send({
        operation: 'track',
        method: 'GET',
        path: '/v1/tracking',
        query: {
          carrier_code: TRACKING_CARRIER[parcel.carrierCode] ?? parcel.carrierCode.toLowerCase(),
          tracking_number: parcel.trackingNumber,
        },
      });
      events.set(parcel.trackingNumber, eventsOf(readAnswer(shipengineTracking, answer.json, answerOf('track'))));
    }
    return events;
  },
};

/** A return label's fields of the label request: billed on first scan when paid on use, else when made. */
function returnFields(isReturn: { payOnUse: boolean } | undefined) {
  if (!isReturn) return {};
  return { is_return_label: true, charge_event: isReturn.payOnUse ? 'on_carrier_acceptance' : 'on_creation' };
}
