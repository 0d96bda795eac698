import type { WebhookResult } from '../../carriers/contract/tracking.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, channelConfig } from '../channels/index.ts';
import { storePush } from './push-inbox.ts';
import type { RawJsonBody } from './track17-push.ts';

/**
 * Takes a tracking push a carrier sent to a channel's webhook address (`/api/tracking/webhook/carrier/{id}`),
 * once the channel's adapter has checked its signature with the channel's secret: an unsigned or forged
 * push is a 400 and changes nothing, as is one that cannot be checked now (502: the carrier's keys are out of
 * reach); a channel whose platform takes no pushes is a 404. A verified push is stored and answered once
 * stored; it is applied shortly after, with the other pushes stored meanwhile (push-inbox.ts). Each scan
 * reaches only the parcels bought on that channel; a number on none of them is accepted and ignored.
 */
export async function acceptCarrierPush(
  ctx: AppContext,
  channelId: number,
  body: unknown,
  headers: Record<string, string | string[] | undefined>,
): Promise<void> {
  const rawBody = (body as Partial<RawJsonBody> | undefined)?.raw;
  if (typeof rawBody !== 'string') throw invalidFields({ body: 'webhookBody' });
  const channel = await channelConfig(ctx.db, channelId);
  const adapter = channel && adapterFor(channel.platformCode);
  if (!channel || !adapter?.webhook) throw notFound();
  const lowered = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value[0] : value]),
  );
  let push: WebhookResult;
  try {
    push = await adapter.webhook({ channel, headers: lowered, rawBody }, adapterDeps(ctx, adapter, channel));
  } catch (error) {
    // The check asks the carrier (ShipEngine's public keys) and it cannot be asked now: nothing is taken.
    if (error instanceof UpstreamError) throw new AppError(502, 'carrierUnreachable', {}, { message: error.message });
    throw error;
  }
  if (!push.verified) throw invalidFields({ signature: 'webhookSignature' });
  // Stored, and answered once committed; the push applier applies it with the others (push-inbox.ts).
  await storePush(ctx, channel.id, push.events);
}
