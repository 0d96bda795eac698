import type { AppContext } from '../../context.ts';
import { invalidFields } from '../../core/errors.ts';
import { applyEvents } from './apply.ts';
import { parcelWithEvents } from './repo.ts';
import { eventsOfTrackInfo, verifyTrack17Signature } from './track17.ts';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A pushed body as the webhook's parser keeps it: the raw text (for the signature) and its JSON. */
export interface RawJsonBody {
  raw: string;
  json: unknown;
}

/**
 * Applies a 17TRACK push (TRACKING_UPDATED) after checking its `sign` header; anything but a signed JSON
 * object is a 400, as Stripe and others answer a failed signature check (never a session matter).
 * A number that is on no parcel is accepted and ignored.
 */
export async function acceptTrack17Push(ctx: AppContext, body: unknown, sign: string | undefined): Promise<void> {
  if (!isObject(body) || typeof body.raw !== 'string' || !isObject(body.json))
    throw invalidFields({ body: 'webhookBody' });
  if (!verifyTrack17Signature(body.raw, ctx.config.track17ApiKey, sign))
    throw invalidFields({ sign: 'webhookSignature' });
  const push = body.json as { event?: unknown; data?: unknown };
  if (push.event !== 'TRACKING_UPDATED' || !isObject(push.data) || typeof push.data.number !== 'string') return;
  // The parcel, its order's fixed facts and its stored events in one read.
  const found = await parcelWithEvents(ctx.db, push.data.number, null);
  if (found) await applyEvents(ctx, found.parcel, eventsOfTrackInfo(push.data.track_info as never), found.known);
}
