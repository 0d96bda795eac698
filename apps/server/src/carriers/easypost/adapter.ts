import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { CarrierAdapter } from '../contract/adapter.ts';
import type { ServiceConfig } from '../contract/channel.ts';
import type { PurchasedParcel, VoidOutcome } from '../contract/labels.ts';
import type { RateResult } from '../contract/rates.ts';
import type { ShipmentParcel } from '../contract/shipment.ts';
import { carrierDate, latestDate } from '../delivery-date.ts';
import { testKeySettings } from '../upstream/test-keys.ts';
import { sentOunces } from '../upstream/units.ts';
import { easypostBillReports } from './bill-reports.ts';
import { easypostFindManifest, easypostManifest } from './manifests.ts';
import { easypostPickups } from './pickups.ts';
import {
  type EasyPostChannelSettings,
  type EasyPostServiceSettings,
  easypostChannelSettings,
  easypostServiceSettings,
} from './settings.ts';
import { easypostTrack, eventsOfTracker } from './trackers.ts';
import {
  answerOf,
  centsOf,
  documentFormatOf,
  type EasyPostShipment,
  easypostAddress,
  easypostComplaint,
  easypostEvent,
  easypostShipment,
  easypostShipmentForms,
  easypostTracker,
  postalRequest,
  shipmentRequest,
  validWebhookSignature,
  verdictOf,
} from './wire.ts';

const channelOf = (settings: Record<string, unknown>): EasyPostChannelSettings =>
  easypostChannelSettings.parse(settings);
const serviceOf = (service: ServiceConfig): EasyPostServiceSettings => easypostServiceSettings.parse(service.settings);

/** A parcel-level complaint of EasyPost names the parcel it was about (`parcels.2.weight`). */
function onParcel(error: unknown, index: number): unknown {
  if (!(error instanceof UpstreamError) || !error.details.field?.startsWith('parcels.')) return error;
  const field = error.details.field.replace(/^parcels\.\d+\./, `parcels.${index}.`);
  return new UpstreamError(error.kind, error.message, { ...error.details, field });
}

/** Creates one EasyPost Shipment per parcel (in order): each answers its own rates. */
async function createShipments(
  http: UpstreamClient,
  settings: EasyPostChannelSettings,
  request: Parameters<CarrierAdapter['rate']>[0],
  operation: 'rate' | 'purchase',
  reference?: string,
  isReturn = false,
): Promise<EasyPostShipment[]> {
  return Promise.all(
    request.shipment.parcels.map(async (parcel, index) => {
      const answer = await http
        .send({
          operation,
          method: 'POST',
          path: '/v2/shipments',
          json: shipmentRequest(request.shipment, parcel, {
            ...settings,
            ...(reference ? { reference } : {}),
            isReturn,
          }),
          ...(reference ? { orderNo: reference } : {}),
          // A Shipment is only a draft until it is bought: making it again costs nothing.
          repeatable: true,
        })
        .catch((error: unknown) => {
          throw onParcel(error, index);
        });
      return answerOf(easypostShipment, answer, operation);
    }),
  );
}

function rateOf(shipment: EasyPostShipment, service: EasyPostServiceSettings) {
  return shipment.rates.find(
    (rate) =>
      rate.carrier.toLowerCase() === service.carrier.toLowerCase() &&
      rate.service.toLowerCase() === service.service.toLowerCase(),
  );
}

/**
 * Buys the rate on the shipment. EasyPost documents no idempotency key, so a buy whose answer is lost is
 * never sent again here: its outcome is unknown, settled by reading the shipment (findPurchase). A buy
 * refused because the shipment already has postage (SHIPMENT.POSTAGE.EXISTS) reads the shipment as bought.
 */
async function buy(http: UpstreamClient, shipment: EasyPostShipment, rateId: string, orderNo: string) {
  try {
    const answer = await http.send({
      operation: 'purchase',
      method: 'POST',
      path: `/v2/shipments/${shipment.id}/buy`,
      json: { rate: { id: rateId } },
      orderNo,
    });
    return answerOf(easypostShipment, answer, 'purchase');
  } catch (error) {
    if (!(error instanceof UpstreamError && error.details.status === 422 && /postage/i.test(error.message)))
      throw error;
    const answer = await http.send({
      operation: 'purchase',
      method: 'GET',
      path: `/v2/shipments/${shipment.id}`,
      orderNo,
    });
    const bought = answerOf(easypostShipment, answer, 'purchase');
    if (!bought.postage_label) throw error;
    return bought;
  }
}

async function labelOf(http: UpstreamClient, bought: EasyPostShipment, orderNo: string): Promise<PurchasedParcel> {
  const label = bought.postage_label;
  if (!label || !bought.tracking_code)
    throw new UpstreamError('transient', 'EasyPost answered a purchase without a label');
  const document = await http.send({
    operation: 'purchase',
    method: 'GET',
    path: label.label_url,
    expect: 'bytes',
    orderNo,
  });
  return {
    trackingNumber: bought.tracking_code,
    document: { format: documentFormatOf(label.label_file_type), bytes: document.bytes ?? Buffer.alloc(0) },
  };
}

/**
 * The QR code a USPS label can be printed from at a Post Office (USPS Label Broker), asked for as a Form of
 * the bought shipment (docs.easypost.com/guides/form-guide, "Label QR Code": USPS). Only an extra beside the
 * label: an account without Label Broker, or a carrier that refuses it, leaves the label as it is (no QR).
 */
async function labelQrCodeOf(http: UpstreamClient, shipmentId: string, orderNo: string): Promise<Buffer | undefined> {
  try {
    const answer = await http.send({
      operation: 'purchase',
      method: 'POST',
      path: `/v2/shipments/${encodeURIComponent(shipmentId)}/forms`,
      json: { form: { type: 'label_qr_code' } },
      orderNo,
      // Asking again for the same shipment's QR code buys nothing.
      repeatable: true,
    });
    const url = answerOf(easypostShipmentForms, answer, 'purchase').forms.find(
      (form) => form.form_type === 'label_qr_code',
    )?.form_url;
    if (!url) return undefined;
    const image = await http.send({ operation: 'purchase', method: 'GET', path: url, expect: 'bytes', orderNo });
    return image.bytes && image.bytes.length > 0 ? image.bytes : undefined;
  } catch (error) {
    if (error instanceof UpstreamError) return undefined;
    throw error;
  }
}

/** Reads each shipment as EasyPost has it now. */
async function readShipments(
  http: UpstreamClient,
  ids: string[],
  orderNo: string,
  operation: 'findPurchase' | 'void' = 'void',
): Promise<EasyPostShipment[]> {
  return Promise.all(
    ids.map(async (id) => {
      const answer = await http.send({
        operation: operation === 'findPurchase' ? 'purchase' : 'void',
        method: 'GET',
        path: `/v2/shipments/${id}`,
        orderNo,
      });
      return answerOf(easypostShipment, answer, operation);
    }),
  );
}

/** Asks EasyPost to refund each shipment; answers them as refunded. */
async function refund(http: UpstreamClient, ids: string[], orderNo: string): Promise<EasyPostShipment[]> {
  return Promise.all(
    ids.map(async (id) => {
      const answer = await http.send({
        operation: 'void',
        method: 'POST',
        path: `/v2/shipments/${id}/refund`,
        orderNo,
      });
      return answerOf(easypostShipment, answer, 'void');
    }),
  );
}

/** EasyPost's refund states as a void's outcome: submitted waits for the carrier, not_applicable refuses. */
function voidOutcomeOf(shipments: EasyPostShipment[]): VoidOutcome {
  const states = shipments.map((shipment) => shipment.refund_status);
  if (states.some((state) => state === 'rejected' || state === 'not_applicable')) {
    return { status: 'rejected', message: `EasyPost refund ${states.join(', ')}` };
  }
  return states.every((state) => state === 'refunded') ? { status: 'refunded' } : { status: 'pending' };
}

/**
 * EasyPost (https://docs.easypost.com, API v2): rates and labels from the carrier accounts of an EasyPost
 * account. Each of our parcels is one EasyPost Shipment: rated by creating it, bought with the rate of the
 * service's carrier and name, its label fetched from the label URL; voided by refunding each shipment;
 * tracked through Trackers. The upstream id kept with the order is the shipments' ids, comma-separated.
 */
export const easypostAdapter: CarrierAdapter = {
  code: 'easypost',
  channelSettings: easypostChannelSettings,
  serviceSettings: easypostServiceSettings,
  billReports: easypostBillReports,
  // EasyPost's test keys start EZTK (its Test Mode guide); a test key buys labels nobody pays for.
  testSettings: testKeySettings('EZTK'),

  upstream(settings) {
    const channel = channelOf(settings);
    return {
      baseUrl: channel.baseUrl,
      timeoutMs: channel.timeoutMs,
      // HTTP Basic with the API key as the user name and no password, as the documentation shows.
      authorize: () => ({ authorization: `Basic ${Buffer.from(`${channel.apiKey}:`).toString('base64')}` }),
      errorOf: easypostComplaint,
      secrets: [channel.apiKey],
    };
  },

  async rate(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const shipments = await createShipments(http, settings, request, 'rate');
    return request.services.map((service): RateResult => {
      const wanted = serviceOf(service);
      const rates = shipments.map((shipment) => rateOf(shipment, wanted));
      if (rates.some((rate) => rate === undefined)) return { ok: false, serviceId: service.id, reason: 'notQuoted' };
      // EasyPost does not tell the weight it bills: the weight sent stands for it, in whole ounces.
      const parcels = rates.map((rate, index) => ({
        billableOz: Math.ceil(sentOunces(request.shipment.parcels[index] as ShipmentParcel)),
        charges: { base: centsOf(rate?.rate ?? '0'), fuel: 0, residential: 0, oversize: 0, remote: 0 },
      }));
      return {
        ok: true,
        serviceId: service.id,
        zone: null,
        zoneSource: null,
        parcels,
        costCents: parcels.reduce((sum, parcel) => sum + parcel.charges.base, 0),
        deliveryDays: Math.max(...rates.map((rate) => rate?.delivery_days ?? 0)) || null,
        deliveryDate: latestDate(rates.map((rate) => carrierDate(rate?.delivery_date))),
      };
    });
  },

  // EasyPost makes a return with `is_return` on the Shipment (docs.easypost.com, "Returns"), billed when
  // bought: its USPS scan-based returns are a program arranged with EasyPost, not an API option.
  returns: { payOnUse: false, validityDays: null },

  async purchase(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const wanted = serviceOf(request.service);
    const shipments = await createShipments(
      http,
      settings,
      { channel: request.channel, services: [request.service], shipment: request.shipment },
      'purchase',
      request.reference,
      request.isReturn !== undefined,
    );
    await request.remember?.(shipments.map((shipment) => shipment.id).join(','));
    const parcels: PurchasedParcel[] = [];
    for (const [index, shipment] of shipments.entries()) {
      const rate = rateOf(shipment, wanted);
      if (!rate)
        throw new UpstreamError(
          'badRequest',
          `EasyPost offers no ${wanted.carrier} ${wanted.service} rate for parcel ${index + 1}`,
        );
      const bought = await buy(http, shipment, rate.id, request.reference);
      parcels.push(await labelOf(http, bought, request.reference));
    }
    // A return of one USPS parcel: its QR code too, for the return page (the one returning it needs no printer).
    const [single] = shipments;
    const qrCode =
      request.isReturn !== undefined && shipments.length === 1 && single && wanted.carrier.toUpperCase() === 'USPS'
        ? await labelQrCodeOf(http, single.id, request.reference)
        : undefined;
    return {
      trackingNumber: (parcels[0] as PurchasedParcel).trackingNumber,
      parcels,
      upstreamId: shipments.map((shipment) => shipment.id).join(','),
      ...(qrCode ? { qrCode: { format: 'png' as const, bytes: qrCode } } : {}),
    };
  },

  async void(request, { http }) {
    const ids = (request.upstreamId ?? '').split(',').filter(Boolean);
    if (ids.length === 0) return { status: 'rejected', message: 'no EasyPost shipment is known for this order' };
    return voidOutcomeOf(await refund(http, ids, request.reference));
  },

  async voidStatus(request, { http }) {
    const ids = (request.upstreamId ?? '').split(',').filter(Boolean);
    return voidOutcomeOf(await readShipments(http, ids, request.reference));
  },

  async findPurchase(request, { http }) {
    const shipments = await readShipments(
      http,
      request.upstreamId.split(',').filter(Boolean),
      request.reference,
      'findPurchase',
    );
    const bought = shipments.filter((shipment) => shipment.postage_label && shipment.tracking_code);
    if (bought.length === 0) return null;
    if (bought.length < shipments.length) {
      // Cut off between parcels: the order cannot ship in part, so the labels bought go back.
      await refund(
        http,
        bought.map((shipment) => shipment.id),
        request.reference,
      );
      return null;
    }
    const parcels: PurchasedParcel[] = [];
    for (const shipment of bought) parcels.push(await labelOf(http, shipment, request.reference));
    return { trackingNumber: (parcels[0] as PurchasedParcel).trackingNumber, parcels, upstreamId: request.upstreamId };
  },

  manifest: easypostManifest,
  findManifest: easypostFindManifest,
  pickups: easypostPickups,

  async validateAddress({ address }, { http }) {
    const answer = await http.send({
      operation: 'validateAddress',
      method: 'POST',
      path: '/v2/addresses',
      json: postalRequest(address),
    });
    return verdictOf(answerOf(easypostAddress, answer, 'validateAddress'));
  },

  track: easypostTrack,

  webhook({ channel, headers, rawBody }) {
    const { webhookSecret } = channelOf(channel.settings);
    if (!validWebhookSignature(rawBody, webhookSecret, headers['x-hmac-signature'])) return { verified: false };
    // A signed delivery that is no Event as documented fails naming 'easypost webhook' and the field (the
    // route answers 502, so EasyPost sends it again later) instead of being taken and dropped unread.
    const event = answerOf(easypostEvent, { json: parsed(rawBody) }, 'webhook');
    // Only tracker events move parcels; EasyPost's other events (batches, refunds…) are taken and left.
    if (event.result.object !== 'Tracker' || !event.description.startsWith('tracker.'))
      return { verified: true, events: new Map() };
    const tracker = answerOf(easypostTracker, { json: event.result }, 'webhook');
    return { verified: true, events: new Map([[tracker.tracking_code, eventsOfTracker(tracker)]]) };
  },
};

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
