/**
 * The quick start of docs/api.md: buy a label with an idempotency key, and verify a webhook delivery.
 *
 *   PARCELPORT_URL=https://ship.example.com PARCELPORT_API_KEY=pp_… node examples/buy-label.ts
 *
 * A retry of the purchase with the same key (a timeout, a lost answer) is answered as the first call was,
 * with `Idempotent-Replayed: true`, and charges nothing more.
 */
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { type operations, type ParcelPortClient, parcelPortClient, verifyWebhook } from '../src/index.ts';

/** The draft's body, as the OpenAPI document has it. */
type Draft = operations['saveDraft']['requestBody']['content']['application/json'];
export interface Shipment {
  from: Draft['from'];
  to: Draft['to'];
  parcel: Draft['parcels'][number];
}

/** Drafts the order, takes the cheapest available rate and buys its label under `idempotencyKey`. */
export async function buyLabel(client: ParcelPortClient, shipment: Shipment, idempotencyKey: string = randomUUID()) {
  const draft = await client.POST('/api/app/order/draft', {
    body: { from: shipment.from, to: shipment.to, parcels: [shipment.parcel] },
  });
  if (!draft.data) throw new Error(`draft refused: ${draft.error?.message}`);
  const { orderId } = draft.data.data;
  const rates = await client.POST('/api/app/order/estimateRateMix', { body: { orderId } });
  if (!rates.data) throw new Error(`no rates: ${rates.error?.message}`);
  const cheapest = rates.data.data
    .filter((line) => line.available)
    .sort((a, b) => Number(a.price) - Number(b.price))[0];
  if (!cheapest) throw new Error('no service can carry this parcel');
  const bought = await client.POST('/api/app/order/label/create', {
    params: { header: { 'Idempotency-Key': idempotencyKey } },
    body: { orderId, serviceId: cheapest.serviceId },
  });
  if (!bought.data) throw new Error(`purchase refused: ${bought.error?.message}`);
  return {
    order: bought.data.data,
    replayed: bought.response.headers.get('idempotent-replayed') === 'true',
    idempotencyKey,
  };
}

/**
 * A webhook endpoint's handler: the raw body and the headers of the delivery, checked against the
 * endpoint's secret (`whsec_…`) before anything in it is believed.
 */
export function receiveWebhook(secret: string, headers: Headers, rawBody: string) {
  return verifyWebhook<{ type: string; data: unknown }>({ secret, headers, body: rawBody });
}

// Run as a program (not imported by the test that runs it against a server).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const client = parcelPortClient({
    baseUrl: process.env.PARCELPORT_URL ?? 'http://localhost:3000',
    apiKey: process.env.PARCELPORT_API_KEY ?? '',
    language: 'en-US',
  });
  const party = (personName: string, addressLine1: string, city: string, stateCode: string, zipCode: string) => ({
    personName,
    countryCode: 'US',
    stateCode,
    city,
    addressLine1,
    zipCode,
  });
  const { order, idempotencyKey } = await buyLabel(client, {
    from: party('Shipping Dept', '1 Market St', 'San Francisco', 'CA', '94105'),
    to: party('Ada Buyer', '350 5th Ave', 'New York', 'NY', '10118'),
    parcel: { length: 10, width: 8, height: 4, weight: 2 },
  });
  console.log(`bought ${order.orderNo}: tracking ${order.tackNo} (Idempotency-Key ${idempotencyKey})`);
}
