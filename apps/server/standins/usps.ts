/**
 * A stand-in for the USPS v3 REST APIs (https://developers.usps.com, USPS/api-examples), for tests and for
 * running the platform against it without a USPS account: OAuth client credentials, payment
 * authorization, Shipping Options search (prices of the mail class and rate indicator asked, none for a
 * destination entry), Domestic Labels (create with the label in base64 JSON, cancel, reprint), SCAN Forms
 * (multipart, as USPS answers them), Addresses and Tracking, checking each request field by field and
 * failing on demand (see harness.ts). Requests without a valid bearer token are refused with 401 (and
 * USPS's WWW-Authenticate), label calls without a valid payment token with 403.
 *
 * It answers with USPS's own bodies (test/conformance/fixtures/usps, see recorded.ts): USPS/api-examples'
 * token, payment authorization, options search, label, tracking, address and SCAN form answers and the
 * Addresses spec's error examples (an invalid state, no match, the gateway's refusal of a state it does not
 * take), with only what follows the request filled in. Errors USPS publishes no body for (a label refused,
 * 401, 403, 429, 5xx) come as its standard error message (the specs' ErrorMessage), the stand-in's words.
 *
 * Prices are made up from the parcel's weight; they are not USPS's prices.
 */
import type { IncomingMessage } from 'node:http';
import {
  type Fault,
  jsonBody,
  type LabelFileFormat,
  randomDigits,
  randomId,
  type StandInAnswer,
  type StandInServer,
  serveStandIn,
  standInForm,
  standInLabel,
  standInPostal,
} from './harness.ts';
import { RecordedError, recorded } from './recorded.ts';

export type { Fault };

/** The mail classes the stand-in prices, each with its rate options: indicator, made-up price and days. */
export const USPS_PRODUCTS = [
  { mailClass: 'USPS_GROUND_ADVANTAGE', options: [{ rateIndicator: 'SP', base: 520, perLb: 85, days: 5 }] },
  {
    mailClass: 'PRIORITY_MAIL',
    options: [
      { rateIndicator: 'SP', base: 910, perLb: 140, days: 2 },
      // A flat-rate envelope: one price whatever it weighs (a service selling it names FE).
      { rateIndicator: 'FE', base: 1015, perLb: 0, days: 2 },
    ],
  },
  { mailClass: 'PRIORITY_MAIL_EXPRESS', options: [{ rateIndicator: 'SP', base: 3060, perLb: 260, days: 1 }] },
] as const;

const IMAGE_FORMATS: Record<string, LabelFileFormat> = { PDF: 'pdf', PNG: 'png', ZPL203DPI: 'zpl' };
const LABEL_JSON = 'application/vnd.usps.labels+json';

class ApiError extends Error {
  readonly status: number;
  readonly parameter: string | undefined;

  constructor(status: number, message: string, parameter?: string) {
    super(message);
    this.status = status;
    this.parameter = parameter;
  }
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The USPS standard error message. */
function errorMessage(apiVersion: string, status: number, detail: string, parameter?: string) {
  const title = TITLES[status] ?? 'Error';
  return {
    apiVersion,
    error: {
      code: String(status),
      message: title,
      errors: [
        { status: String(status), code: '00000XX', title, detail, ...(parameter ? { source: { parameter } } : {}) },
      ],
    },
  };
}

/** The pounds of a package description, checked as USPS checks it. */
function poundsOf(description: Record<string, unknown> | undefined, path: string): number {
  const weight = description?.weight;
  if (typeof weight !== 'number' || weight <= 0)
    throw new ApiError(400, 'weight must be greater than 0', `${path}.weight`);
  if (weight > 70) throw new ApiError(400, 'weight cannot be greater than 70 pounds', `${path}.weight`);
  for (const side of ['length', 'width', 'height']) {
    const value = description?.[side];
    if (value !== undefined && (typeof value !== 'number' || value <= 0))
      throw new ApiError(400, `${side} must be greater than 0`, `${path}.${side}`);
  }
  return weight;
}

function checkZip(value: unknown, parameter: string): string {
  if (typeof value !== 'string' || !/^\d{5}$/.test(value))
    throw new ApiError(400, `${parameter} must be a 5-digit ZIP Code`, parameter);
  return value;
}

function checkAddress(address: Record<string, unknown> | undefined, side: string) {
  if (!address || typeof address !== 'object') throw new ApiError(400, `${side} is required`, side);
  if (!address.firm && !(address.firstName && address.lastName))
    throw new ApiError(400, 'First and Last Name or Firm are required', `${side}.firstName`);
  for (const field of ['streetAddress', 'city']) {
    if (typeof address[field] !== 'string' || (address[field] as string).trim() === '')
      throw new ApiError(400, `${field} is required`, `${side}.${field}`);
  }
  if (typeof address.state !== 'string' || !/^[A-Z]{2}$/.test(address.state))
    throw new ApiError(400, 'state must be a 2-letter state code', `${side}.state`);
  checkZip(address.ZIPCode, `${side}.ZIPCode`);
  if (address.ZIPCode === '00000') throw new ApiError(400, 'Address Not Found.', `${side}.ZIPCode`);
}

const priceOf = (option: { base: number; perLb: number }, pounds: number) =>
  (option.base + option.perLb * (Math.ceil(pounds) - 1)) / 100;

const zoneOf = (from: string, to: string) =>
  String(Math.min(9, 1 + Math.abs(Number(from[0]) - Number(to[0])))).padStart(2, '0');

export interface StandInUspsLabel {
  trackingNumber: string;
  status: 'created' | 'manifested' | 'canceled' | 'disputed';
  mailClass: string;
  rateIndicator: string;
  postage: number;
  reference: string | null;
  image: Buffer;
  imageType: string;
  events: { eventType: string; eventTimestamp: string; eventCity: string | null; eventState: string | null }[];
}

/** Faults are set per route with tracking numbers as `:id`: `POST /labels/v3/label`, `DELETE /labels/v3/label/:id`. */
export interface UspsStandIn extends StandInServer {
  /** Every label made, by tracking number. */
  labels: Map<string, StandInUspsLabel>;
  /** How many labels were made for each customer reference (the order number): more than 1 per parcel would be a label paid twice. */
  labelsByReference(reference: string): StandInUspsLabel[];
  /** How many OAuth and payment tokens were issued. */
  readonly tokensIssued: { oauth: number; payment: number };
  /** Every token issued so far stops working (USPS revoked them): calls get 401 until a new one is fetched. */
  revokeTokens(): void;
  /** Another app of the same account, as registered on the USPS developer portal: its own credentials and tokens. */
  registerApp(clientId: string, clientSecret: string): void;
  /** The label's shipping services file was sent: a cancellation becomes a refund request. */
  manifest(trackingNumber: string): void;
  /** The carrier scans a parcel. */
  scan(trackingNumber: string, eventType: string, city?: string, state?: string): void;
  /** Every Carrier Pickup scheduled, by confirmation number: its request, whether cancelled, its ETag. */
  pickups: Map<string, StandInUspsPickup>;
}

export interface StandInUspsPickup {
  request: Record<string, unknown>;
  cancelled: boolean;
  etag: string;
}

export interface UspsAccount {
  clientId: string;
  clientSecret: string;
  crid: string;
  mid: string;
  accountNumber: string;
}

/** Starts the stand-in on a free port of 127.0.0.1 (or `port`) for the one USPS account given. */
export async function startUspsStandIn(options: UspsAccount & { port?: number }): Promise<UspsStandIn> {
  const labels = new Map<string, StandInUspsLabel>();
  const accessTokens = new Set<string>();
  const paymentTokens = new Set<string>();
  const tokensIssued = { oauth: 0, payment: 0 };
  /** The SCAN Form each label is on. */
  const onForm = new Map<string, string>();
  const apps = new Map([[options.clientId, options.clientSecret]]);
  let disputes = 100_000;

  const body = (request: IncomingMessage) => jsonBody(request, (message) => new ApiError(400, message));

  function issueToken(input: Record<string, unknown>) {
    if (input.grant_type !== 'client_credentials') throw new ApiError(400, 'unsupported_grant_type', 'grant_type');
    if (typeof input.client_id !== 'string' || apps.get(input.client_id) !== input.client_secret)
      throw new ApiError(401, 'invalid_client');
    const token = randomId('tok', '');
    accessTokens.add(token);
    tokensIssued.oauth++;
    // The recorded token answer (`token`) with this token's values.
    return {
      ...recorded('usps', 'token'),
      access_token: token,
      token_type: 'Bearer',
      issued_at: String(Date.now()),
      expires_in: '28799',
      status: 'approved',
      scope: 'addresses international-prices subscriptions payments pickup tracking labels scan-forms prices shipments',
      issuer: 'api.usps.com',
      client_id: input.client_id,
    };
  }

  function authorizePayment(input: Record<string, unknown>) {
    const roles = Array.isArray(input.roles) ? (input.roles as Record<string, unknown>[]) : [];
    for (const roleName of ['PAYER', 'LABEL_OWNER']) {
      const role = roles.find((candidate) => candidate.roleName === roleName);
      if (!role) throw new ApiError(400, `The ${roleName} role is required`, 'roles');
      if (role.CRID !== options.crid || role.MID !== options.mid)
        throw new ApiError(400, `CRID and MID of ${roleName} do not match the account`, 'roles.CRID');
      if (role.accountType !== 'EPS' || role.accountNumber !== options.accountNumber)
        throw new ApiError(400, `The EPS account of ${roleName} is not valid`, 'roles.accountNumber');
    }
    const token = randomId('pay', '');
    paymentTokens.add(token);
    tokensIssued.payment++;
    return { ...recorded('usps', 'payment-authorization'), paymentAuthorizationToken: token, roles };
  }

  function shippingOptions(input: Record<string, unknown>) {
    const pricing = (input.pricingOptions as Record<string, unknown>[] | undefined)?.[0];
    const account = pricing?.paymentAccount as Record<string, unknown> | undefined;
    if (!pricing || !['COMMERCIAL', 'RETAIL'].includes(String(pricing.priceType)))
      throw new ApiError(400, 'priceType must be COMMERCIAL or RETAIL', 'pricingOptions.priceType');
    if (account?.accountNumber !== options.accountNumber)
      throw new ApiError(400, 'The payment account is not valid', 'pricingOptions.paymentAccount');
    const from = checkZip(input.originZIPCode, 'originZIPCode');
    const to = checkZip(input.destinationZIPCode, 'destinationZIPCode');
    const description = input.packageDescription as Record<string, unknown> | undefined;
    const pounds = poundsOf(description, 'packageDescription');
    const wanted = String(description?.mailClass ?? 'ALL');
    const indicator = description?.rateIndicator;
    // Only parcels handed over at the Post Office are priced here: a destination entry is offered nothing.
    const entry = input.destinationEntryFacilityType ?? 'NONE';
    const products = USPS_PRODUCTS.filter(
      (product) => entry === 'NONE' && (wanted === 'ALL' || product.mailClass === wanted),
    );
    const zone = zoneOf(from, to);
    // The recorded answer (`options-search`): its pricing option, shipping option, rate option and rate,
    // each filled in with this search's.
    const [pricingTemplate] = recorded<{ pricingOptions: Record<string, unknown>[] }>(
      'usps',
      'options-search',
    ).pricingOptions;
    const [shippingTemplate] = (pricingTemplate?.shippingOptions ?? []) as Record<string, unknown>[];
    const [optionTemplate] = (shippingTemplate?.rateOptions ?? []) as Record<string, unknown>[];
    const [rateTemplate] = (optionTemplate?.rates ?? []) as Record<string, unknown>[];
    return {
      originZIPCode: from,
      destinationZIPCode: to,
      pricingOptions: [
        {
          ...pricingTemplate,
          priceType: pricing.priceType,
          paymentAccount: account,
          shippingOptions: products.map((product) => ({
            ...shippingTemplate,
            mailClass: product.mailClass,
            rateOptions: product.options
              .filter((option) => indicator === undefined || option.rateIndicator === indicator)
              .map((option) => {
                const price = priceOf(option, pounds);
                return {
                  ...optionTemplate,
                  commitment: { name: `${option.days} Days`, scheduleDeliveryDate: '' },
                  totalPrice: price,
                  totalBasePrice: price,
                  rates: [
                    {
                      ...rateTemplate,
                      description: `${product.mailClass} ${option.rateIndicator}`,
                      rateIndicator: option.rateIndicator,
                      price,
                      zone,
                      weight: pounds,
                      dimensionalWeight: 0,
                      fees: [],
                      SKU: `DX${option.rateIndicator}${randomDigits(6)}`,
                    },
                  ],
                  extraServices: [],
                };
              }),
          })),
        },
      ],
    };
  }

  async function createLabel(input: Record<string, unknown>) {
    const info = (input.imageInfo ?? {}) as Record<string, unknown>;
    const format = IMAGE_FORMATS[String(info.imageType ?? 'PDF')];
    if (!format) throw new ApiError(400, 'imageType is not supported', 'imageInfo.imageType');
    checkAddress(input.toAddress as Record<string, unknown>, 'toAddress');
    checkAddress(input.fromAddress as Record<string, unknown>, 'fromAddress');
    const description = input.packageDescription as Record<string, unknown> | undefined;
    const pounds = poundsOf(description, 'packageDescription');
    if (description?.weightUOM !== undefined && description.weightUOM !== 'lb')
      throw new ApiError(400, 'weightUOM must be lb', 'packageDescription.weightUOM');
    const product = USPS_PRODUCTS.find((candidate) => candidate.mailClass === description?.mailClass);
    if (!product) throw new ApiError(400, 'mailClass is not valid', 'packageDescription.mailClass');
    const option = product.options.find((candidate) => candidate.rateIndicator === description?.rateIndicator);
    if (!option)
      throw new ApiError(400, 'rateIndicator is not valid for the mail class', 'packageDescription.rateIndicator');
    if (typeof description?.mailingDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(description.mailingDate))
      throw new ApiError(400, 'mailingDate must be a date (YYYY-MM-DD)', 'packageDescription.mailingDate');
    const reference =
      ((description.customerReference as { referenceNumber?: string }[] | undefined)?.[0]?.referenceNumber as
        | string
        | undefined) ?? null;
    const to = input.toAddress as Record<string, string>;
    const from = input.fromAddress as Record<string, string>;
    const trackingNumber = `9205${randomDigits(18)}`;
    const image = await standInLabel(format, {
      service: `USPS ${product.mailClass}`,
      name: `${to.firstName ?? ''} ${to.lastName ?? ''}`.trim() || (to.firm ?? ''),
      street: to.streetAddress ?? '',
      cityLine: `${to.city} ${to.state} ${to.ZIPCode}`,
      tracking: trackingNumber,
      reference,
    });
    const postage = priceOf(option, pounds);
    labels.set(trackingNumber, {
      trackingNumber,
      status: 'created',
      mailClass: product.mailClass,
      rateIndicator: option.rateIndicator,
      postage,
      reference,
      image,
      imageType: String(info.imageType ?? 'PDF'),
      events: [
        {
          eventType: 'Shipping Label Created, USPS Awaiting Item',
          eventTimestamp: new Date(Date.now() - 60_000).toISOString(),
          eventCity: null,
          eventState: null,
        },
      ],
    });
    // The recorded label answer (`label`) with this label's values.
    return {
      ...recorded('usps', 'label'),
      labelAddress: { ...to, streetAddress: String(to.streetAddress).toUpperCase() },
      routingInformation: `420${to.ZIPCode}`,
      trackingNumber,
      postage,
      extraServices: [],
      zone: zoneOf(String(from.ZIPCode), String(to.ZIPCode)),
      commitment: { name: `${option.days} Days`, scheduleDeliveryDate: '' },
      weightUOM: 'lb',
      weight: pounds,
      dimensionalWeight: 0,
      fees: [],
      SKU: `DX${option.rateIndicator}${randomDigits(6)}`,
      labelImage: image.toString('base64'),
    };
  }

  /**
   * SCAN Forms 3.0 (PS Form 5630 for labels): one acceptance scan for the labels listed; refused for a
   * label unknown, cancelled or already on a form. Answered as USPS answers it (USPS/api-examples,
   * SCANForm-LabelShipment-response.json): multipart, the request echoed with the form's number and labels
   * as JSON, then the PDF base64-encoded in a part typed application/pdf.
   */
  async function scanForm(input: Record<string, unknown>) {
    if (input.form !== '5630') throw new ApiError(400, 'form must be 5630 for a label shipment', 'form');
    if (typeof input.mailingDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(input.mailingDate))
      throw new ApiError(400, 'mailingDate must be a date (YYYY-MM-DD)', 'mailingDate');
    checkZip(input.entryFacilityZIPCode, 'entryFacilityZIPCode');
    const from = input.fromAddress as { address?: Record<string, unknown> } | undefined;
    if (!from?.address?.streetAddress || !from.address.city)
      throw new ApiError(400, 'fromAddress.address is incomplete', 'fromAddress.address');
    const numbers = ((input.shipment as { trackingNumbers?: unknown })?.trackingNumbers ?? []) as string[];
    if (!Array.isArray(numbers) || numbers.length === 0)
      throw new ApiError(400, 'shipment.trackingNumbers is required', 'shipment.trackingNumbers');
    for (const trackingNumber of numbers) {
      const label = labelOf(trackingNumber);
      if (label.status === 'canceled' || label.status === 'disputed')
        throw new ApiError(400, `Label ${trackingNumber} is canceled`, 'shipment.trackingNumbers');
      if (onForm.has(trackingNumber))
        throw new ApiError(400, `Label ${trackingNumber} is already on a SCAN Form`, 'shipment.trackingNumbers');
    }
    const manifestNumber = `9275${randomDigits(22)}`;
    for (const trackingNumber of numbers) onForm.set(trackingNumber, manifestNumber);
    const image = await standInForm('USPS PS Form 5630 (stand-in)', manifestNumber, numbers);
    const boundary = randomId('form', '');
    const parts = [
      'Content-Type: application/json\r\nContent-Disposition: form-data; name="Scan Form Response"\r\n\r\n' +
        JSON.stringify({ ...input, manifestNumber, trackingNumbers: numbers }),
      'Content-Type: application/pdf\r\nContent-Disposition: form-data; filename="label.pdf"; name="label"\r\n\r\n' +
        image.toString('base64'),
    ];
    return {
      status: 200,
      type: `multipart/form-data; boundary=${boundary}`,
      bytes: Buffer.from(`${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--`),
    };
  }

  /** Addresses 3.0: the address in USPS's standard form with its ZIP+4, or 404 when there is no match. */
  function standardizeAddress(query: URLSearchParams) {
    const street = query.get('streetAddress');
    const state = query.get('state');
    if (!street) throw new ApiError(400, 'streetAddress is required', 'streetAddress');
    // No state: the spec's Invalid-State-Code example; one USPS's gateway does not take (its own list, upper
    // case only), the gateway's recorded refusal naming what was sent.
    if (!state) throw new RecordedError(400, recorded('usps', 'error-400-invalid-state'));
    if (!/^[A-Z]{2}$/.test(state)) {
      const refusal = recorded<{ error: { message: string } }>('usps', 'error-400-gateway-validation');
      const message = refusal.error.message.replace(/input string .*: \[\]\]$/, `input string ${state}: []]`);
      throw new RecordedError(400, { ...refusal, error: { ...refusal.error, message } });
    }
    const known = standInPostal({
      street,
      secondary: query.get('secondaryAddress') ?? undefined,
      city: query.get('city') ?? '',
      state,
      zip: query.get('ZIPCode') ?? '',
    });
    if (!known) throw new RecordedError(404, recorded('usps', 'error-404-address-not-found'));
    // The recorded answer (`address`) with the place in standard form.
    const answer = recorded<{ address: object; additionalInfo: object }>('usps', 'address');
    return {
      ...answer,
      firm: query.get('firm') ?? '',
      address: {
        ...answer.address,
        streetAddress: known.street,
        secondaryAddress: known.secondary,
        city: known.city,
        state: known.state,
        ZIPCode: known.zip5,
        ZIPPlus4: known.plus4,
      },
      additionalInfo: {
        ...answer.additionalInfo,
        deliveryPoint: '01',
        carrierRoute: 'C012',
        DPVConfirmation: 'Y',
        DPVCMRA: 'N',
        business: 'N',
      },
      corrections: [],
      matches: [{ code: '31', text: 'Single Response - exact match' }],
      warnings: [],
    };
  }

  function labelOf(trackingNumber: string): StandInUspsLabel {
    const label = labels.get(trackingNumber);
    if (!label) throw new ApiError(400, 'Order not found', 'trackingNumber');
    return label;
  }

  function cancelLabel(trackingNumber: string) {
    const label = labelOf(trackingNumber);
    if (label.status === 'canceled' || label.status === 'disputed')
      throw new ApiError(400, 'A refund request for this order cannot be submitted', 'trackingNumber');
    if (label.status === 'manifested') {
      label.status = 'disputed';
      return { trackingNumber, status: 'DISPUTED', disputeId: String(++disputes) };
    }
    label.status = 'canceled';
    return { trackingNumber, status: 'CANCELED' };
  }

  function requirePayment(request: IncomingMessage) {
    const token = request.headers['x-payment-authorization-token'];
    if (typeof token !== 'string' || !paymentTokens.has(token))
      throw new ApiError(
        403,
        'The payment authorization token is missing or not valid',
        'X-Payment-Authorization-Token',
      );
  }

  const pickups = new Map<string, StandInUspsPickup>();

  /**
   * Carrier Pickup 3.0: a schedule (checked as USPS's OpenAPI document requires its fields) answered with the
   * recorded PickupConfirmation (`pickup-schedule`) of this request and a new confirmation number; a GET with
   * the ETag a DELETE must send back as If-Match (`pickup-get`); the DELETE (`pickup-cancel`).
   */
  async function carrierPickup(method: string, path: string, request: IncomingMessage): Promise<StandInAnswer | null> {
    if (method === 'POST' && path === '/pickup/v3/carrier-pickup') {
      const asked = await body(request);
      for (const field of ['pickupDate', 'pickupAddress', 'packages', 'estimatedWeight', 'pickupLocation'])
        if (asked[field] === undefined) throw new ApiError(400, `${field} is required`, field);
      const address = asked.pickupAddress as Record<string, unknown>;
      const contact = address.contact;
      if (!Array.isArray(contact) || contact.length === 0)
        throw new ApiError(400, 'contact must have at least 1 item', 'pickupAddress.contact');
      checkAddress(
        { ...(address.address as object), firstName: address.firstName, lastName: address.lastName },
        'pickupAddress',
      );
      const confirmationNumber = `WTC${randomDigits(8)}`;
      const etag = randomDigits(20);
      pickups.set(confirmationNumber, { request: asked, cancelled: false, etag });
      const made = recorded('usps', 'pickup-schedule');
      return {
        status: 200,
        headers: { etag },
        json: { ...made, confirmationNumber, pickupDate: asked.pickupDate, carrierPickupRequest: asked },
      };
    }
    const match = path.match(/^\/pickup\/v3\/carrier-pickup\/(WTC\d+)$/);
    const pickup = match && pickups.get(match[1] as string);
    if (!match) return null;
    if (!pickup || pickup.cancelled)
      throw new ApiError(404, 'The carrier pickup could not be found', 'confirmationNumber');
    if (method === 'GET') {
      const [found] = recorded<Record<string, unknown>[]>('usps', 'pickup-get');
      return {
        status: 200,
        headers: { etag: pickup.etag },
        json: [
          {
            ...found,
            confirmationNumber: match[1],
            pickupDate: pickup.request.pickupDate,
            carrierPickupRequest: pickup.request,
          },
        ],
      };
    }
    if (method === 'DELETE') {
      if (request.headers['if-match'] !== pickup.etag)
        throw new ApiError(412, 'The If-Match header does not match the current ETag', 'If-Match');
      pickup.cancelled = true;
      pickup.etag = randomDigits(20);
      // USPS publishes no body for it (`pickup-cancel`): nothing.
      return { status: 200, bytes: Buffer.alloc(0), type: 'application/json' };
    }
    return null;
  }

  async function answer(method: string, url: URL, request: IncomingMessage): Promise<unknown> {
    const path = url.pathname;
    if (method === 'POST' && path === '/payments/v3/payment-authorization')
      return authorizePayment(await body(request));
    if (method === 'POST' && path === '/shipments/v3/options/search') return shippingOptions(await body(request));
    if (method === 'POST' && path === '/labels/v3/label') {
      requirePayment(request);
      if (request.headers.accept !== LABEL_JSON)
        throw new ApiError(400, `Only ${LABEL_JSON} is answered by this stand-in`, 'Accept');
      return createLabel(await body(request));
    }
    let match = path.match(/^\/labels\/v3\/label\/(\d+)$/);
    if (method === 'DELETE' && match) {
      requirePayment(request);
      return cancelLabel(match[1] as string);
    }
    match = path.match(/^\/labels\/v3\/label-reprint\/(\d+)$/);
    if (method === 'POST' && match) {
      requirePayment(request);
      const label = labelOf(match[1] as string);
      if (label.status === 'canceled')
        throw new ApiError(400, 'Canceled labels are not eligible for reprint', 'trackingNumber');
      await body(request);
      const reprint = recorded<{ labelMetadata: object }>('usps', 'label-reprint');
      return {
        ...reprint,
        labelMetadata: {
          ...reprint.labelMetadata,
          trackingNumber: label.trackingNumber,
          postage: label.postage,
          SKU: 'DXSP000000',
        },
        labelImage: label.image.toString('base64'),
        reprintInfo: { reprintNumber: 1, reprintLimit: 3 },
      };
    }
    if (method === 'GET' && path === '/addresses/v3/address') return standardizeAddress(url.searchParams);
    match = path.match(/^\/tracking\/v3\/tracking\/(\d+)$/);
    if (method === 'GET' && match) {
      const label = labels.get(match[1] as string);
      if (!label) throw new ApiError(404, 'The tracking number could not be found', 'trackingNumber');
      const events = [...label.events].reverse();
      // The recorded tracking answer (`tracking`), its events this label's, newest first.
      const tracked = recorded<{ trackingEvents: Record<string, unknown>[] }>('usps', 'tracking');
      const [eventTemplate] = tracked.trackingEvents;
      return {
        ...tracked,
        trackingNumber: label.trackingNumber,
        mailClass: label.mailClass,
        status: events[0]?.eventType ?? '',
        statusCategory: events[0]?.eventType ?? '',
        trackingEvents: events.map((event) => ({ ...eventTemplate, ...event, eventCountry: null, eventCode: '' })),
      };
    }
    throw new ApiError(404, 'The resource could not be found');
  }

  const server = await serveStandIn({
    port: options.port,
    routeOf: (method, path) => `${method} ${path.replace(/\/\d{10,}/g, '/:id')}`,
    faultAnswer: (status) => ({ json: errorMessage('/labels/v3', status, TITLES[status] ?? 'Error') }),
    async answer(method, url, request) {
      if (method === 'POST' && url.pathname === '/oauth2/v3/token') {
        try {
          return { status: 200, json: issueToken(await body(request)) };
        } catch (error) {
          // The token endpoint answers in OAuth's own shape.
          const failure = error instanceof ApiError ? error : new ApiError(500, String(error));
          return {
            status: failure.status,
            json: { error: failure.message, error_description: `Client authentication failed (${failure.message})` },
          };
        }
      }
      const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!bearer || !accessTokens.has(bearer))
        throw new ApiError(401, 'The access token is missing, expired or revoked');
      if (method === 'POST' && url.pathname === '/scan-forms/v3/scan-form') return scanForm(await body(request));
      const pickup = await carrierPickup(method, url.pathname, request);
      if (pickup) return pickup;
      return { status: 200, json: await answer(method, url, request) };
    },
    errorOf(error) {
      if (error instanceof RecordedError) return { status: error.status, json: error.body };
      const failure = error instanceof ApiError ? error : new ApiError(500, String(error));
      return {
        status: failure.status,
        json: errorMessage('/v3', failure.status, failure.message, failure.parameter),
        // The challenge USPS's specs give with a 401 (usps/error-401).
        ...(failure.status === 401 ? { headers: { 'www-authenticate': 'Bearer realm="https://api.usps.com"' } } : {}),
      };
    },
  });

  const stand: UspsStandIn = Object.assign(server, {
    labels,
    pickups,
    labelsByReference: (reference: string) => [...labels.values()].filter((label) => label.reference === reference),
    tokensIssued,
    registerApp(clientId: string, clientSecret: string) {
      apps.set(clientId, clientSecret);
    },
    revokeTokens() {
      accessTokens.clear();
    },
    manifest(trackingNumber: string) {
      labelOf(trackingNumber).status = 'manifested';
    },
    scan(trackingNumber: string, eventType: string, city?: string, state?: string) {
      labelOf(trackingNumber).events.push({
        eventType,
        eventTimestamp: new Date().toISOString(),
        eventCity: city ?? null,
        eventState: state ?? null,
      });
    },
  } satisfies Omit<UspsStandIn, keyof StandInServer>);
  return stand;
}
