import type { WebhookResult } from '../../carriers/contract/tracking.ts';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, channelConfig } from '../channels/index.ts';
import { parcelWithEvents } from './repo.ts';
import { applyEvents } from './service.ts';
import type { RawJsonBody } from './track17-push.ts';

/**
 * Applies a tracking push a carrier sent to a channel's webhook address (`/api/tracking/webhook/carrier/{id}`),
 * once the channel's adapter has checked its signature with the channel's secret: an unsigned or forged
 * push is a 400 and changes nothing, as is one that cannot be checked now (502: the carrier's keys are out of
 * reach); a channel whose platform takes no pushes is a 404. Each scan reaches
 * only the parcels bought on that channel; a number on none of them is accepted and ignored.
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
  for (const [trackingNo, events] of push.events) {
    // The parcel, its order's fixed facts and its stored events in one read.
    const found = await parcelWithEvents(ctx.db, trackingNo, channel.id);
    if (found) await applyEvents(ctx, found.parcel, events, found.known);
  }
}
