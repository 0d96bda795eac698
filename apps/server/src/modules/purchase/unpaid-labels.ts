/**
 * Labels bought upstream that nobody pays for (the order was refunded while the carrier bought, or staff
 * found no purchase to keep) go back to the carrier at once. A void that fails leaves a label the operator
 * may be billed for, so it is not left to the server log: it is a row of the API log of its own (the
 * labels in its request body, the failure's kind as its outcome) and a to-do for the staff who manage
 * channels, who void it by hand in the carrier account.
 */
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import type { AppContext } from '../../context.ts';
import { createRedactor } from '../../outbound/redact.ts';
import { UpstreamError, type UpstreamErrorKind } from '../../outbound/types.ts';
import { apiLogSink } from '../api-log/index.ts';
import { adapterDeps } from '../channels/index.ts';
import { notifyHoldersOf } from '../messages/index.ts';

export interface UnpaidLabels {
  trackingNumbers: string[];
  upstreamId: string | null;
  /** The order number. */
  reference: string;
}

/** Voids the labels at the carrier (an upstream platform only); a refusal or an error is reported to staff. */
export async function voidUpstream(
  ctx: AppContext,
  adapter: CarrierAdapter,
  channel: ChannelConfig,
  labels: UnpaidLabels,
): Promise<void> {
  const connection = adapter.upstream?.(channel.settings);
  if (!connection) return;
  const started = performance.now();
  let failure: { kind: UpstreamErrorKind; message: string } | undefined;
  try {
    const outcome = await adapter.void({ channel, ...labels }, adapterDeps(ctx, adapter, channel));
    // Pending is the carrier's own review of a void it took: the label is on its way back. A refusal
    // matters for labels the caller names; asked to void what a cut-off purchase may have bought (none
    // named), a carrier that knows of none refuses, and nothing is lost.
    if (outcome.status === 'rejected' && labels.trackingNumbers.length > 0)
      failure = { kind: 'badRequest', message: outcome.message ?? 'the carrier refused the void' };
  } catch (error) {
    // Never sent (the channel paused), or sent and failed after every retry.
    failure =
      error instanceof UpstreamError
        ? { kind: error.kind, message: error.message }
        : { kind: 'transient', message: String(error) };
  }
  if (!failure) return;
  const orderNo = labels.reference;
  ctx.log.error({ orderNo, reason: failure.message }, 'a label nobody pays for was not voided at the carrier');
  const redact = createRedactor(connection.secrets ?? []);
  await apiLogSink(
    ctx.db,
    ctx.log,
  )({
    channelId: channel.id,
    test: channel.test === true,
    operation: 'void',
    orderNo,
    // Not one HTTP call: the void as a whole, whatever its attempts were.
    method: '-',
    url: redact.url(connection.baseUrl),
    httpStatus: null,
    durationMs: Math.round(performance.now() - started),
    outcome: failure.kind,
    errorMessage: redact.text(`label not voided: ${failure.message}`),
    requestHeaders: '{}',
    requestBody: redact.json({ trackingNumbers: labels.trackingNumbers, upstreamId: labels.upstreamId }),
    responseBody: null,
  });
  await notifyHoldersOf(ctx.db, 'adminChannel', {
    title: 'msgLabelNotVoidedTitle',
    content: 'msgLabelNotVoidedBody',
    params: { orderNo, channel: channel.name, message: redact.text(failure.message) },
  });
}
