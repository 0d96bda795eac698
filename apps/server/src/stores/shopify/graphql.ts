/**
 * Shopify's GraphQL Admin API as this adapter speaks it (`POST /admin/api/<version>/graphql.json`): the
 * operations it sends, the schemas its answers are read through, and how an answer that came back 200 but
 * failed (top-level `errors`, or a mutation's `userErrors`) becomes one of our UpstreamError kinds.
 * Facts from shopify.dev: "GraphQL Admin API rate limits", the reference pages of `orders`, `order`,
 * `fulfillmentCreate`, `fulfillmentCancel`, `webhookSubscriptionCreate`, `webhookSubscriptions`,
 * `webhookSubscriptionDelete`, `appUninstall`, `shop`, `Fulfillment`, `WeightUnit`; checked against test/conformance/fixtures/shopify.
 */
import { z } from 'zod';
import { readAnswer } from '../../carriers/upstream/answers.ts';
import { type UpstreamClient, UpstreamError, type UpstreamOperation } from '../../outbound/types.ts';
import { SHOPIFY_API_VERSION } from './wire.ts';

/** The client's base address is the shop's `/admin`; every GraphQL call goes to this one path. */
export const GRAPHQL_PATH = `/api/${SHOPIFY_API_VERSION}/graphql.json`;

/** Orders per page and lines per order: a page's requested cost stays under the 1,000 a query may ask. */
export const ORDERS_PER_PAGE = 5;
export const LINES_PER_ORDER = 25;

const ORDER_FIELDS = `
  id name email phone updatedAt cancelledAt displayFulfillmentStatus
  shippingAddress { name firstName lastName company address1 address2 city provinceCode zip countryCodeV2 phone }
  lineItems(first: ${LINES_PER_ORDER}) {
    edges {
      node {
        name title sku quantity requiresShipping
        originalUnitPriceSet { shopMoney { amount } }
        variant { inventoryItem { measurement { weight { unit value } } } }
      }
    }
  }`;

/** Each operation's document, named so that the API log and a stand-in can tell them apart. */
export const DOCUMENTS = {
  openOrders: `query OpenOrders($first: Int!, $after: String, $query: String!) {
  orders(first: $first, after: $after, query: $query, sortKey: ID) {
    edges { node {${ORDER_FIELDS}
    } }
    pageInfo { hasNextPage endCursor }
  }
}`,
  fulfillmentOrders: `query OrderFulfillmentOrders($id: ID!) {
  order(id: $id) {
    fulfillmentOrders(first: 50) { nodes { id status } }
  }
}`,
  orderFulfillments: `query OrderFulfillments($id: ID!) {
  order(id: $id) {
    fulfillments(first: 50) { id status trackingInfo { number } }
  }
}`,
  fulfillmentCreate: `mutation FulfillmentCreate($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) {
    fulfillment { id status }
    userErrors { field message }
  }
}`,
  fulfillmentCancel: `mutation FulfillmentCancel($id: ID!) {
  fulfillmentCancel(id: $id) {
    fulfillment { id status }
    userErrors { field message }
  }
}`,
  webhookSubscriptionCreate: `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $webhookSubscription: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $webhookSubscription) {
    webhookSubscription { id topic uri }
    userErrors { field message }
  }
}`,
  webhookSubscriptions: `query WebhookSubscriptions($uri: String!) {
  webhookSubscriptions(first: 50, uri: $uri) {
    edges { node { id topic uri } }
  }
}`,
  webhookSubscriptionDelete: `mutation WebhookSubscriptionDelete($id: ID!) {
  webhookSubscriptionDelete(id: $id) {
    deletedWebhookSubscriptionId
    userErrors { field message }
  }
}`,
  appUninstall: `mutation AppUninstall {
  appUninstall {
    userErrors { field message }
  }
}`,
  shop: `query Shop {
  shop { weightUnit }
}`,
} as const;

export type ShopifyOperation = keyof typeof DOCUMENTS;

const money = z.looseObject({ shopMoney: z.looseObject({ amount: z.string() }) });
const text = z.string().nullish();

export const orderNodeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  email: text,
  phone: text,
  updatedAt: z.string(),
  cancelledAt: text,
  displayFulfillmentStatus: z.string(),
  shippingAddress: z
    .looseObject({
      name: text,
      firstName: text,
      lastName: text,
      company: text,
      address1: text,
      address2: text,
      city: text,
      provinceCode: text,
      zip: text,
      countryCodeV2: text,
      phone: text,
    })
    .nullish(),
  lineItems: z.looseObject({
    edges: z.array(
      z.looseObject({
        node: z.looseObject({
          name: text,
          title: text,
          sku: text,
          quantity: z.number().int(),
          requiresShipping: z.boolean().nullish(),
          originalUnitPriceSet: money.nullish(),
          variant: z
            .looseObject({
              inventoryItem: z
                .looseObject({
                  measurement: z
                    .looseObject({
                      weight: z.looseObject({ unit: z.string(), value: z.number() }).nullish(),
                    })
                    .nullish(),
                })
                .nullish(),
            })
            .nullish(),
        }),
      }),
    ),
  }),
});

export type ShopifyOrderNode = z.infer<typeof orderNodeSchema>;

/**
 * GraphQL's `WeightUnit` (non-null on `Shop.weightUnit`, no default documented): a unit outside it fails by
 * name rather than being guessed, since every imported parcel is weighed in it.
 */
export const weightUnitSchema = z.enum(['GRAMS', 'KILOGRAMS', 'OUNCES', 'POUNDS']);

const userErrors = z.array(z.looseObject({ field: z.array(z.string()).nullish(), message: z.string() }));

/** Each operation's `data`, as its reference documents it (unknown fields allowed). */
export const ANSWERS = {
  openOrders: z.looseObject({
    orders: z.looseObject({
      edges: z.array(z.looseObject({ node: orderNodeSchema })),
      pageInfo: z.looseObject({ hasNextPage: z.boolean(), endCursor: z.string().nullish() }),
    }),
  }),
  fulfillmentOrders: z.looseObject({
    order: z
      .looseObject({
        fulfillmentOrders: z.looseObject({ nodes: z.array(z.looseObject({ id: z.string(), status: z.string() })) }),
      })
      .nullable(),
  }),
  orderFulfillments: z.looseObject({
    order: z
      .looseObject({
        fulfillments: z.array(
          z.looseObject({
            id: z.string(),
            status: z.string(),
            trackingInfo: z.array(z.looseObject({ number: text })),
          }),
        ),
      })
      .nullable(),
  }),
  fulfillmentCreate: z.looseObject({
    fulfillmentCreate: z.looseObject({
      fulfillment: z.looseObject({ id: z.string() }).nullish(),
      userErrors,
    }),
  }),
  fulfillmentCancel: z.looseObject({
    fulfillmentCancel: z.looseObject({ userErrors }),
  }),
  webhookSubscriptionCreate: z.looseObject({
    webhookSubscriptionCreate: z.looseObject({
      webhookSubscription: z.looseObject({ id: z.string() }).nullish(),
      userErrors,
    }),
  }),
  webhookSubscriptions: z.looseObject({
    webhookSubscriptions: z.looseObject({
      edges: z.array(z.looseObject({ node: z.looseObject({ id: z.string(), topic: z.string(), uri: text }) })),
    }),
  }),
  webhookSubscriptionDelete: z.looseObject({
    webhookSubscriptionDelete: z.looseObject({ userErrors }),
  }),
  appUninstall: z.looseObject({
    appUninstall: z.looseObject({ userErrors }),
  }),
  shop: z.looseObject({ shop: z.looseObject({ weightUnit: weightUnitSchema }) }),
} satisfies Record<ShopifyOperation, z.ZodType>;

/** The envelope of every answer: `data`, or `errors` with the query's cost beside them. */
const envelopeSchema = z.looseObject({
  data: z.unknown().optional(),
  errors: z
    .array(z.looseObject({ message: z.string(), extensions: z.looseObject({ code: z.string() }).partial().nullish() }))
    .optional(),
  extensions: z
    .looseObject({
      cost: z
        .looseObject({
          requestedQueryCost: z.number().nullish(),
          throttleStatus: z.looseObject({ currentlyAvailable: z.number(), restoreRate: z.number() }).nullish(),
        })
        .nullish(),
    })
    .nullish(),
});

type Envelope = z.infer<typeof envelopeSchema>;

/** Whether a document only reads: a query, asked again after a lost answer, unlike a mutation. */
const isQuery = (operation: ShopifyOperation) => DOCUMENTS[operation].startsWith('query ');

/**
 * Sends one operation and answers its `data` read through the operation's schema. A 200 may still have
 * failed: top-level `errors` (THROTTLED, ACCESS_DENIED, a query Shopify refused) and a mutation's
 * `userErrors` are thrown as our kinds (see `failureOf`, `refusal`). Every call is a POST, so whether it
 * may be repeated is told by its document: a query may, a mutation never (its outcome is then unknown).
 */
export async function ask<Operation extends ShopifyOperation>(
  client: UpstreamClient,
  log: UpstreamOperation,
  operation: Operation,
  variables: Record<string, unknown> = {},
): Promise<z.output<(typeof ANSWERS)[Operation]>> {
  const answer = await client.send({
    operation: log,
    method: 'POST',
    path: GRAPHQL_PATH,
    json: { query: DOCUMENTS[operation], variables },
    repeatable: isQuery(operation),
  });
  const source = { provider: 'shopify', operation };
  const envelope = readAnswer(envelopeSchema, answer.json, source);
  if (envelope.errors && envelope.errors.length > 0) throw failureOf(envelope);
  const data = readAnswer(ANSWERS[operation], envelope.data, source) as z.output<(typeof ANSWERS)[Operation]>;
  const refused = refusal(data);
  if (refused) throw refused;
  return data;
}

/**
 * Top-level `errors` as our kind: THROTTLED is rateLimited, waiting as long as the bucket takes to hold
 * the query's cost again; ACCESS_DENIED is a refused token or scope; Shopify's own failure is transient;
 * anything else is a query Shopify refused (ours to fix), with its words.
 */
function failureOf(envelope: Envelope): UpstreamError {
  const errors = envelope.errors ?? [];
  const message = errors.map((error) => error.message).join('; ');
  const codes = errors.map((error) => error.extensions?.code);
  if (codes.includes('THROTTLED')) return new UpstreamError('rateLimited', message, throttleWait(envelope));
  if (codes.includes('ACCESS_DENIED')) return new UpstreamError('auth', message);
  if (codes.includes('INTERNAL_SERVER_ERROR')) return new UpstreamError('transient', message);
  return new UpstreamError('badRequest', message);
}

/** How long until the bucket holds the query's requested cost again, at its restore rate (whole seconds). */
function throttleWait(envelope: Envelope): { retryAfterMs?: number } {
  const cost = envelope.extensions?.cost;
  const status = cost?.throttleStatus;
  if (!status || !cost?.requestedQueryCost || status.restoreRate <= 0) return {};
  const missing = Math.max(0, cost.requestedQueryCost - status.currentlyAvailable);
  return { retryAfterMs: Math.max(1, Math.ceil(missing / status.restoreRate)) * 1000 };
}

/**
 * A mutation's `userErrors` as a badRequest with Shopify's words (their `field` names Shopify's input, not
 * ours, so it is not passed on as our field).
 */
function refusal(data: unknown): UpstreamError | null {
  for (const payload of Object.values(data as Record<string, unknown>)) {
    const errors = (payload as { userErrors?: z.infer<typeof userErrors> } | null)?.userErrors;
    if (errors && errors.length > 0)
      return new UpstreamError('badRequest', errors.map((error) => error.message).join('; '));
  }
  return null;
}

/** The global id of a numeric id of `type`. */
export const gid = (type: 'Order' | 'Fulfillment' | 'WebhookSubscription', id: string) => `gid://shopify/${type}/${id}`;
