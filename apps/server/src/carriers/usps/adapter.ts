import type { TrackingEvent } from '../../core/tracking.ts';
import { type UpstreamClient, UpstreamError } from '../../outbound/types.ts';
import type { CarrierAdapter } from '../contract/adapter.ts';
import type { PostalAddress } from '../contract/addresses.ts';
import type { ServiceConfig } from '../contract/channel.ts';
import type { PurchasedParcel, PurchaseResult } from '../contract/labels.ts';
import type { RateRequest, RateResult } from '../contract/rates.ts';
import { carrierDate, latestDate } from '../delivery-date.ts';
import { readAnswer } from '../upstream/answers.ts';
import { sentOunces } from '../upstream/units.ts';
import { scanFormPdfOf, scanFormRequestOf, uspsScanForm } from './handover-wire.ts';
import { uspsPickups } from './pickups.ts';
import {
  type UspsChannelSettings,
  type UspsServiceSettings,
  uspsChannelSettings,
  uspsServiceSettings,
} from './settings.ts';
import { accessToken, forgetTokens, paymentToken, TOKEN_PATH } from './tokens.ts';
import {
  addressQueryOf,
  commitmentDays,
  IMAGE_TYPE,
  LABEL_JSON,
  labelRequestOf,
  optionFor,
  optionsSearchOf,
  type Priced,
  termsOf,
  trackingStatusOf,
  type UspsCancel,
  type UspsRateOption,
  type UspsShippingOptions,
  type UspsTerms,
  uspsCancel,
  uspsComplaint,
  uspsLabel,
  uspsReprint,
  uspsShippingOptions,
  uspsStandardAddress,
  uspsTracking,
  verdictOf,
} from './wire.ts';

const channelOf = (settings: Record<string, unknown>): UspsChannelSettings => uspsChannelSettings.parse(settings);
/** A USPS answer read through its documented shape; a changed one fails naming the operation and the field. */
const read = <Schema extends Parameters<typeof readAnswer>[0]>(schema: Schema, value: unknown, operation: string) =>
  readAnswer(schema, value, { provider: 'usps', operation });
const serviceOf = (service: ServiceConfig): UspsServiceSettings => uspsServiceSettings.parse(service.settings);

/**
 * What a USPS order's upstream id holds: the tracking numbers of the labels bought for it, comma
 * separated; while its purchase is under way, `pending:` before the ones bought so far (USPS cannot be
 * asked afterwards which labels a purchase bought, so a purchase cut off there is settled by staff).
 */
/** USPS's test environment (its Getting Started guide): labels made there are never paid for. */
const USPS_TEST_HOST = 'apis-tem.usps.com';

const PENDING = 'pending:';
const numbersOf = (upstreamId: string) => upstreamId.replace(PENDING, '').split(',').filter(Boolean);

const centsOf = (dollars: number) => Math.round(dollars * 100);

async function buyLabel(
  http: UpstreamClient,
  payment: string,
  body: ReturnType<typeof labelRequestOf>,
  format: UspsChannelSettings['labelFormat'],
  orderNo: string,
): Promise<PurchasedParcel> {
  const answer = await http.send({
    operation: 'purchase',
    method: 'POST',
    path: '/labels/v3/label',
    headers: { accept: LABEL_JSON, 'X-Payment-Authorization-Token': payment },
    json: body,
    orderNo,
  });
  const label = read(uspsLabel, answer.json, 'purchase');
  return { trackingNumber: label.trackingNumber, document: { format, bytes: Buffer.from(label.labelImage, 'base64') } };
}

/** Cancels labels at USPS (a label never manifested is cancelled outright, a manifested one disputed). */
async function cancel(http: UpstreamClient, payment: string, trackingNumbers: string[], orderNo: string) {
  const answers: UspsCancel[] = [];
  for (const trackingNumber of trackingNumbers) {
    const answer = await http.send({
      operation: 'void',
      method: 'DELETE',
      path: `/labels/v3/label/${encodeURIComponent(trackingNumber)}`,
      headers: { 'X-Payment-Authorization-Token': payment },
      orderNo,
    });
    answers.push(read(uspsCancel, answer.json, 'void'));
  }
  return answers;
}

/** The Shipping Options of each parcel of the shipment, searched on the terms its labels are bought with. */
async function searchOptions(
  http: UpstreamClient,
  settings: UspsChannelSettings,
  terms: UspsTerms,
  shipment: RateRequest['shipment'],
): Promise<UspsShippingOptions[]> {
  const options: UspsShippingOptions[] = [];
  for (const parcel of shipment.parcels) {
    const answer = await http.send({
      operation: 'rate',
      method: 'POST',
      path: '/shipments/v3/options/search',
      json: optionsSearchOf(settings, terms, shipment.from, shipment.to, parcel),
    });
    options.push(read(uspsShippingOptions, answer.json, 'rate'));
  }
  return options;
}

const isPriced = (parcel: Priced): parcel is { option: UspsRateOption } => 'option' in parcel;

/**
 * A service's quote from its parcels' prices: unavailable when a parcel has none for its terms (nothing of
 * the mail class at all, or only other variants of it, named so staff see what USPS offered instead).
 */
function rateOf(serviceId: number, priced: Priced[], parcels: RateRequest['shipment']['parcels']): RateResult {
  if (!priced.every(isPriced)) {
    const offered = [...new Set(priced.flatMap((parcel) => ('offered' in parcel ? parcel.offered : [])))];
    if (offered.length === 0) return { ok: false, serviceId, reason: 'notQuoted' };
    return { ok: false, serviceId, reason: 'productNotOffered', params: { offered: offered.join('; ') } };
  }
  const options = priced.map((parcel) => parcel.option);
  const zone = Number.parseInt(options[0]?.rates[0]?.zone ?? '', 10);
  const days = options.map(commitmentDays);
  return {
    ok: true,
    serviceId,
    zone: Number.isFinite(zone) ? zone : null,
    zoneSource: null,
    parcels: options.map((option, index) => ({
      billableOz: Math.ceil(sentOunces(parcels[index] as (typeof parcels)[number])),
      charges: { base: centsOf(option.totalPrice), fuel: 0, residential: 0, oversize: 0, remote: 0 },
    })),
    costCents: options.reduce((sum, option) => sum + centsOf(option.totalPrice), 0),
    deliveryDays: days.some((day) => day === null) ? null : Math.max(...(days as number[])),
    deliveryDate: latestDate(options.map((option) => carrierDate(option.commitment?.scheduleDeliveryDate))),
  };
}

/** A multipart answer's JSON part as a value; undefined when it is not JSON (read then fails naming it). */
function jsonOf(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * USPS direct, through its v3 REST APIs (https://developers.usps.com): an OAuth client-credentials token
 * and a payment authorization token for the channel's EPS or permit account (both kept until shortly
 * before they expire, tokens.ts); prices for every mail class in one Shipping Options search per parcel;
 * one Labels API label per parcel, its image answered in base64 JSON; cancelled with DELETE (refunded at
 * once when never manifested, else a refund request USPS settles on the account statement); tracked with
 * Tracking 3.0. The Labels API takes no idempotency key and cannot be searched by reference, so a label
 * purchase is never retried, and one whose answer was lost is left to staff (`findPurchase` answers
 * 'unknown') rather than bought again or refunded blindly.
 */
export const uspsAdapter: CarrierAdapter = {
  code: 'usps',
  channelSettings: uspsChannelSettings,
  serviceSettings: uspsServiceSettings,
  // USPS's test environment (apis-tem) has its own credentials: only a channel pointed there makes test labels.
  testSettings: (settings) => (new URL(channelOf(settings).baseUrl).hostname === USPS_TEST_HOST ? settings : null),

  upstream(settings) {
    const channel = channelOf(settings);
    return {
      baseUrl: channel.baseUrl,
      timeoutMs: channel.timeoutMs,
      async authorize(request, client): Promise<Record<string, string>> {
        if (request.path === TOKEN_PATH) return {};
        return { authorization: `Bearer ${await accessToken(client, channel)}` };
      },
      errorOf(status, json) {
        // A token USPS no longer takes (revoked, expired early) is fetched anew by the next call.
        if (status === 401) forgetTokens(channel);
        return uspsComplaint(status, json);
      },
      secrets: [channel.clientSecret],
    };
  },

  async rate(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const searched = new Map<string, UspsShippingOptions[]>();
    const results: RateResult[] = [];
    for (const service of request.services) {
      // One search per parcel for each distinct set of terms (services that buy alike share theirs).
      const terms = termsOf(settings, serviceOf(service));
      const key = JSON.stringify(terms);
      const options = searched.get(key) ?? (await searchOptions(http, settings, terms, request.shipment));
      searched.set(key, options);
      const priced = options.map((parcelOptions) => optionFor(parcelOptions, terms));
      results.push(rateOf(service.id, priced, request.shipment.parcels));
    }
    return results;
  },

  async purchase(request, { http }) {
    const settings = channelOf(request.channel.settings);
    const wanted = serviceOf(request.service);
    const { from, to, parcels } = request.shipment;
    const payment = await paymentToken(http, settings);
    const bought: PurchasedParcel[] = [];
    for (const parcel of parcels) {
      // Remembered before each label call: what was bought so far, and that a purchase is under way.
      await request.remember?.(`${PENDING}${bought.map((label) => label.trackingNumber).join(',')}`);
      try {
        const body = labelRequestOf(settings, termsOf(settings, wanted), from, to, parcel, request.reference);
        bought.push(await buyLabel(http, payment, body, settings.labelFormat, request.reference));
      } catch (error) {
        // USPS refused this parcel (or the call was never sent): the order cannot ship in part, so the
        // labels bought go back. A lost answer (transient) leaves the purchase to be settled: it may exist.
        const refused =
          error instanceof UpstreamError && (error.kind !== 'transient' || error.details.pausedUntil !== undefined);
        if (refused && bought.length > 0) {
          await cancel(
            http,
            payment,
            bought.map((label) => label.trackingNumber),
            request.reference,
          ).catch(() => undefined);
        }
        throw error;
      }
    }
    const trackingNumbers = bought.map((label) => label.trackingNumber);
    return { trackingNumber: trackingNumbers[0] ?? '', parcels: bought, upstreamId: trackingNumbers.join(',') };
  },

  async findPurchase(request, { http }) {
    // Cut off while buying: which labels USPS made cannot be asked, only told by staff who look them up.
    const told = request.trackingNumbers;
    if (!told && request.upstreamId.startsWith(PENDING)) return 'unknown';
    const settings = channelOf(request.channel.settings);
    const payment = await paymentToken(http, settings);
    const parcels: PurchasedParcel[] = [];
    const trackingNumbers = told ?? numbersOf(request.upstreamId);
    for (const trackingNumber of trackingNumbers) {
      try {
        const answer = await http.send({
          operation: 'purchase',
          method: 'POST',
          path: `/labels/v3/label-reprint/${encodeURIComponent(trackingNumber)}`,
          headers: { accept: LABEL_JSON, 'X-Payment-Authorization-Token': payment },
          json: { imageInfo: { imageType: IMAGE_TYPE[settings.labelFormat], labelType: '4X6LABEL' } },
          orderNo: request.reference,
        });
        const label = read(uspsReprint, answer.json, 'purchase');
        parcels.push({
          trackingNumber: label.labelMetadata.trackingNumber,
          document: { format: settings.labelFormat, bytes: Buffer.from(label.labelImage, 'base64') },
        });
      } catch (error) {
        if (error instanceof UpstreamError && error.kind === 'badRequest') return null;
        throw error;
      }
    }
    if (parcels.length === 0) return null;
    const result: PurchaseResult = {
      trackingNumber: (parcels[0] as PurchasedParcel).trackingNumber,
      parcels,
      upstreamId: trackingNumbers.join(','),
    };
    return result;
  },

  async void(request, { http }) {
    const trackingNumbers = request.upstreamId ? numbersOf(request.upstreamId) : request.trackingNumbers;
    if (trackingNumbers.length === 0) return { status: 'rejected', message: 'no USPS label is known for this order' };
    const payment = await paymentToken(http, channelOf(request.channel.settings));
    try {
      const answers = await cancel(http, payment, trackingNumbers, request.reference);
      // Cancelled before its shipping services file: never charged. Disputed: USPS reviews the refund.
      const disputes = answers.filter((answer) => answer.status !== 'CANCELED');
      if (disputes.length === 0) return { status: 'refunded' };
      return {
        status: 'pending',
        message: `USPS refund requests ${disputes.map((answer) => answer.disputeId ?? answer.trackingNumber).join(', ')}`,
      };
    } catch (error) {
      if (error instanceof UpstreamError && error.kind === 'badRequest')
        return { status: 'rejected', message: error.message };
      throw error;
    }
  },

  async voidStatus() {
    // USPS settles a refund request on the account's statement and offers no call to ask about it: the
    // refund stays owed (refunds-owed report) until the carrier's bill shows it.
    return { status: 'pending' };
  },

  async manifest(request, { http }) {
    // Answered as multipart: the form's JSON, then its PDF. A POST that makes a form is never sent twice.
    const answer = await http.send({
      operation: 'manifest',
      method: 'POST',
      path: '/scan-forms/v3/scan-form',
      json: scanFormRequestOf(request),
      orderNo: request.reference,
      expect: 'multipart',
    });
    const parts = answer.parts ?? [];
    const metadata = parts.find((part) => /json/i.test(part.contentType));
    const image = parts.find((part) => /pdf/i.test(part.contentType));
    const form = read(uspsScanForm, metadata ? jsonOf(metadata.bytes) : undefined, 'manifest');
    if (!image) throw new UpstreamError('transient', 'usps manifest: answer changed shape at the PDF part: missing');
    return { upstreamId: form.manifestNumber, document: { format: 'pdf', bytes: scanFormPdfOf(image.bytes) } };
  },

  pickups: uspsPickups,

  async validateAddress({ address }, { http }) {
    try {
      const answer = await http.send({
        operation: 'validateAddress',
        method: 'GET',
        path: '/addresses/v3/address',
        query: addressQueryOf(address),
      });
      return verdictOf(read(uspsStandardAddress, answer.json, 'validateAddress'));
    } catch (error) {
      // No match (404) or a field USPS refuses (400): the address cannot be delivered to as given.
      if (!(error instanceof UpstreamError && error.kind === 'badRequest')) throw error;
      return {
        deliverable: false,
        message: error.message,
        ...(error.details.field ? { field: error.details.field.replace(/^to\./, '') as keyof PostalAddress } : {}),
      };
    }
  },

  async track(request, { http }) {
    const events = new Map<string, TrackingEvent[]>();
    for (const parcel of request.parcels) {
      const answer = await http.send({
        operation: 'track',
        method: 'GET',
        path: `/tracking/v3/tracking/${encodeURIComponent(parcel.trackingNumber)}`,
        query: { expand: 'DETAIL' },
      });
      const tracking = read(uspsTracking, answer.json, 'track');
      events.set(
        parcel.trackingNumber,
        tracking.trackingEvents.map((event) => ({
          status: trackingStatusOf(event.eventType),
          description: event.eventType,
          location: [event.eventCity, event.eventState].filter(Boolean).join(', '),
          occurredAt: Date.parse(event.eventTimestamp),
        })),
      );
    }
    return events;
  },
};
