import type { KeyMode } from '@parcelport/shared';
import type {
  NewWebhookEndpointInput,
  WebhookEndpointInput,
  WebhookEventType,
} from '@parcelport/shared/contracts/webhooks/schemas';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import { type Auth, inModeOf, listedModeOf, testModeOf } from '../../core/caller.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';
import { refuseUnsafeTarget } from '../../outbound/target.ts';
import {
  countEndpoints,
  endpointOfUser,
  endpointsOfUser,
  insertEndpoint,
  updateEndpointRow,
} from './endpoints-repo.ts';
import { newSecret, rotated, secretPrefix } from './signing.ts';

/**
 * A merchant's webhook endpoints (docs/api.md "Webhook endpoints"): kept, listed, changed, secrets rotated.
 * Each is a test or a live one (issue 31): an API key reaches only the endpoints of its mode, as it reaches
 * only the orders of its mode; a signed-in merchant reaches both, and lists the live ones unless asked the test
 * ones (never both mixed).
 */

/**
 * Who calls: the merchant, the mode of their API key (none when signed in), and who acts for them (a team
 * member, or staff acting as the merchant).
 */
export type Caller = Pick<Auth, 'userId' | 'keyMode'> & Partial<Pick<Auth, 'actorId' | 'member'>>;

export const MAX_ENDPOINTS = 20;

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export function endpointView(ctx: AppContext, row: EndpointRow) {
  const now = Date.now();
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    eventTypes: JSON.parse(row.event_types) as WebhookEventType[],
    enabled: row.enabled === 1,
    disabledReason: row.enabled === 1 ? null : ((row.disabled_reason ?? 'merchant') as 'merchant' | 'failures'),
    disabledAt: row.enabled === 1 ? null : isoTime(row.disabled_at),
    secretPrefix: secretPrefix(ctx.sealer.open(row.secret)),
    previousSecretValidUntil:
      row.previous_secret && (row.previous_secret_until ?? 0) > now ? isoTime(row.previous_secret_until) : null,
    failingSince: isoTime(row.failing_since),
    mode: row.is_test === 1 ? ('test' as const) : ('live' as const),
    createdAt: isoTime(row.created_at) as string,
  };
}

/**
 * The caller's endpoint, or 404: another merchant's endpoint, and one of the other mode to an API key, are
 * answered as ones that do not exist.
 */
export async function ownEndpoint(db: Db, caller: Caller, id: number): Promise<EndpointRow> {
  const row = await endpointOfUser(db, caller.userId, id);
  if (!row || !inModeOf(caller, row.is_test === 1)) throw notFound();
  return row;
}

export async function listEndpoints(ctx: AppContext, caller: Caller, asked?: KeyMode) {
  const mode = listedModeOf(caller, asked);
  const isTest = (keyMode: KeyMode | undefined) => (keyMode === undefined ? undefined : keyMode === 'test' ? 1 : 0);
  const rows = await endpointsOfUser(ctx.db, caller.userId, isTest(caller.keyMode), isTest(mode));
  return rows.map((row) => endpointView(ctx, row));
}

type Input = Required<Pick<WebhookEndpointInput, 'url' | 'description' | 'eventTypes' | 'enabled'>>;

/**
 * Registers an endpoint in the caller's mode (core/caller.ts testModeOf); the URL must pass the SSRF check of
 * tracking webhooks. The secret is answered once.
 */
export async function createEndpoint(
  ctx: AppContext,
  caller: Caller,
  input: Input & Required<Pick<NewWebhookEndpointInput, 'test'>>,
) {
  const isTest = testModeOf(caller, input.test, 'test', 'testEndpointNeedsTestKey');
  await refuseUnsafeTarget(input.url, ctx.config.webhookAllowedHosts, 'url');
  const userId = caller.userId;
  const secret = newSecret();
  const now = Date.now();
  const row = await ctx.db.transaction().execute(async (trx) => {
    if ((await countEndpoints(trx, userId)) >= MAX_ENDPOINTS)
      throw new AppError(422, 'webhookEndpointLimit', null, { max: MAX_ENDPOINTS });
    return insertEndpoint(trx, {
      user_id: userId,
      url: input.url,
      description: input.description,
      event_types: JSON.stringify(input.eventTypes),
      enabled: input.enabled ? 1 : 0,
      disabled_reason: input.enabled ? null : 'merchant',
      disabled_at: input.enabled ? null : now,
      secret: ctx.sealer.seal(secret),
      is_test: isTest ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  });
  return { ...endpointView(ctx, row), secret };
}

/**
 * Changes an endpoint. Switching it off records that the merchant did; switching it on (also after the
 * platform stopped it for failures) starts its failure count afresh. Deliveries already given up stay so
 * until replayed.
 */
export async function updateEndpoint(ctx: AppContext, caller: Caller, id: number, input: Input) {
  const row = await ownEndpoint(ctx.db, caller, id);
  if (input.url !== row.url) {
    refuseRedirect(caller);
    await refuseUnsafeTarget(input.url, ctx.config.webhookAllowedHosts, 'url');
  }
  const now = Date.now();
  const switching = input.enabled !== (row.enabled === 1);
  const updated = await updateEndpointRow(ctx.db, id, {
    url: input.url,
    description: input.description,
    event_types: JSON.stringify(input.eventTypes),
    enabled: input.enabled ? 1 : 0,
    ...(switching && input.enabled ? { disabled_reason: null, disabled_at: null, failing_since: null } : {}),
    ...(switching && !input.enabled ? { disabled_reason: 'merchant', disabled_at: now } : {}),
    updated_at: now,
  });
  return endpointView(ctx, updated);
}

/**
 * Where an endpoint's events go is the owner's to say, as registering one is (SECRET_CALLS): a new URL from a
 * team member, or from staff acting as the merchant, would send the account's signed events to an address of
 * their choosing. The rest of an endpoint (its events, description, on or off) is the `settings` permission's.
 */
function refuseRedirect(caller: Caller): void {
  if (caller.member) throw new AppError(403, 'memberOwnerOnly', { reason: 'memberOwnerOnly' });
  if (caller.actorId !== null && caller.actorId !== undefined) throw new AppError(403, 'notWhileActing');
}

/** A new secret, answered this once; the old one keeps signing beside it for 24 hours. */
export async function rotateEndpointSecret(ctx: AppContext, caller: Caller, id: number) {
  const row = await ownEndpoint(ctx.db, caller, id);
  const secret = newSecret();
  const updated = await updateEndpointRow(ctx.db, id, {
    ...rotated(row, ctx.sealer.seal(secret)),
    updated_at: Date.now(),
  });
  return { ...endpointView(ctx, updated), secret };
}
