/**
 * The carriers' acceptance forms in a manifest (docs/carriers.md "Manifests"): the labels of the manifest
 * bought through a channel whose carrier makes SCAN forms (EasyPost, USPS) are put on one form per channel,
 * kept with their parcels; a label already on a form is never sent again, its form is given again. The
 * manifest PDF then carries each form's pages after the platform's own list.
 *
 * A form is made by a call that is never repeated, so its labels are marked as asked before it
 * (orders/manifest-repo.ts) and as on the form after it. A refusal lets them go. An answer lost (or an instance
 * stopped midway) leaves them asked, the outcome unknown: a carrier that can be asked (`findManifest`) is
 * asked whether it made the form before the labels are sent again; one that cannot (USPS) never gets them
 * again, and staff are told.
 */
import type { CarrierAdapter } from '../../carriers/contract/adapter.ts';
import type { ChannelConfig } from '../../carriers/contract/channel.ts';
import type { ManifestResult } from '../../carriers/contract/manifests.ts';
import type { Address } from '../../carriers/contract/shipment.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { UpstreamError } from '../../outbound/types.ts';
import { adapterDeps, labelChannelOf } from '../channels/index.ts';
import { notifyHoldersOf } from '../messages/index.ts';
import {
  ASK_SETTLES_AFTER_MS,
  manifestFiles,
  markAsked,
  type OrderRow,
  type ParcelRow,
  parseAddress,
  recordManifest,
  releaseAsked,
} from '../orders/index.ts';

export interface ManifestedOrder {
  order: OrderRow;
  parcels: ParcelRow[];
}

type FormAdapter = CarrierAdapter & Required<Pick<CarrierAdapter, 'manifest'>>;
const makesForms = (adapter: CarrierAdapter | null | undefined): adapter is FormAdapter => Boolean(adapter?.manifest);

/** What every call about one channel's form needs. */
interface FormContext {
  ctx: AppContext;
  accountId: number;
  channel: ChannelConfig;
  adapter: FormAdapter;
  shipDate: string;
}

/** The forms' PDFs for the orders' labels (none when no carrier of theirs makes forms). */
export async function carrierForms(
  ctx: AppContext,
  accountId: number,
  orders: readonly ManifestedOrder[],
  shipDate: string,
): Promise<Buffer[]> {
  // Test labels and real ones go on forms of their own: each kind was bought with its own credentials.
  const byChannel = Map.groupBy(
    orders.filter((entry) => entry.order.channel_id !== null),
    (entry) => `${entry.order.channel_id}:${entry.order.is_test}`,
  );
  const forms: Buffer[] = [];
  for (const group of byChannel.values()) {
    const { channel, adapter } = await labelChannelOf(ctx.db, (group[0] as ManifestedOrder).order);
    if (!channel || !makesForms(adapter)) continue;
    const form: FormContext = { ctx, accountId, channel, adapter, shipDate };
    const labelled = group.map(({ order, parcels }) => ({
      order,
      parcels: parcels.filter((parcel) => parcel.tracking_no),
    }));
    const formIds = [
      ...new Set(labelled.flatMap(({ parcels }) => parcels.map((parcel) => parcel.carrier_manifest_id))),
    ].filter((id): id is number => id !== null);
    for (const fileName of (await manifestFiles(ctx.db, formIds)).values()) forms.push(await ctx.storage.get(fileName));
    const toAsk: ManifestedOrder[] = [];
    for (const [askedAt, entries] of byAsk(labelled)) {
      const found = askedAt === null ? null : await settle(form, entries, askedAt);
      if (found) forms.push(found);
      else toAsk.push(...entries);
    }
    if (toAsk.length > 0) forms.push(await ask(form, toAsk));
  }
  return forms;
}

/** The labels not on a form yet, by when they were sent for one whose outcome is unknown (null: never). */
function byAsk(entries: readonly ManifestedOrder[]): Map<number | null, ManifestedOrder[]> {
  const parts = new Map<number | null, ManifestedOrder[]>();
  for (const { order, parcels } of entries) {
    const fresh = parcels.filter((parcel) => parcel.carrier_manifest_id === null);
    for (const [askedAt, some] of Map.groupBy(fresh, (parcel) => parcel.carrier_form_asked_at))
      parts.set(askedAt, [...(parts.get(askedAt) ?? []), { order, parcels: some }]);
  }
  return parts;
}

const parcelIdsOf = (entries: readonly ManifestedOrder[]) =>
  entries.flatMap(({ parcels }) => parcels.map((parcel) => parcel.id));

const labelsOf = (entries: readonly ManifestedOrder[]) =>
  entries.map(({ order, parcels }) => ({
    trackingNumbers: parcels.map((parcel) => parcel.tracking_no as string),
    upstreamId: order.upstream_id,
  }));

/** Why these labels are not sent for a form now: an earlier ask's outcome is not known (yet, or ever). */
function unsettled(form: FormContext, askedAt: number): AppError {
  const params = { channel: form.channel.name, since: new Date(askedAt).toISOString() };
  return new AppError(409, form.adapter.findManifest ? 'carrierFormPending' : 'carrierFormUnknown', {}, params);
}

/** The carrier's words on a form it refused, or on a failed question about one. */
const failed = (form: FormContext, error: UpstreamError) =>
  new AppError(502, 'carrierFormFailed', {}, { channel: form.channel.name, message: error.message });

/**
 * Labels sent for a form at `askedAt` whose answer was lost: the form the carrier made for them (kept now),
 * or null when it made none (they are asked for again). Refused while the ask may still be under way, and
 * always where the carrier cannot be asked.
 */
async function settle(form: FormContext, entries: ManifestedOrder[], askedAt: number): Promise<Buffer | null> {
  const { adapter } = form;
  if (!adapter.findManifest || Date.now() - askedAt < ASK_SETTLES_AFTER_MS) throw unsettled(form, askedAt);
  let found: ManifestResult | null;
  try {
    found = await adapter.findManifest(
      { channel: form.channel, labels: labelsOf(entries), askedAt, reference: `manifest ${form.shipDate}` },
      adapterDeps(form.ctx, adapter, form.channel),
    );
  } catch (error) {
    if (error instanceof UpstreamError) throw failed(form, error);
    throw error;
  }
  if (found) return keep(form, entries, found);
  await releaseAsked(form.ctx.db, parcelIdsOf(entries));
  return null;
}

/** One form for labels never sent for one; answers its PDF. */
async function ask(form: FormContext, entries: ManifestedOrder[]): Promise<Buffer> {
  const { ctx, adapter, channel } = form;
  const parcelIds = parcelIdsOf(entries);
  const askedAt = Date.now();
  // Another request asking for some of them now: its outcome decides.
  if (!(await markAsked(ctx.db, parcelIds, askedAt))) throw unsettled(form, askedAt);
  const request = {
    channel,
    labels: labelsOf(entries),
    from: parseAddress((entries[0] as ManifestedOrder).order.from_address) as Address,
    shipDate: form.shipDate,
    reference: `manifest ${form.shipDate}`,
  };
  let made: ManifestResult;
  try {
    made = await adapter.manifest(request, adapterDeps(ctx, adapter, channel));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Refused, or never sent (a paused channel): nothing was made, and the labels may be sent again.
    if (error.kind !== 'transient' || error.details.pausedUntil !== undefined) {
      await releaseAsked(ctx.db, parcelIds);
      throw failed(form, error);
    }
    return lost(form, entries, request.labels, askedAt, error);
  }
  return keep(form, entries, made);
}

/**
 * A form whose answer was lost: the carrier is asked at once whether it made it (kept when it did); not
 * found yet, or not askable, the labels stay asked and the person is told why no form comes now. Staff are
 * told of a form that can never be settled by asking.
 */
async function lost(
  form: FormContext,
  entries: ManifestedOrder[],
  labels: ReturnType<typeof labelsOf>,
  askedAt: number,
  error: UpstreamError,
): Promise<Buffer> {
  const { ctx, adapter, channel } = form;
  ctx.log.warn({ err: error, channel: channel.id }, 'a SCAN form was asked for and its answer lost');
  if (!adapter.findManifest) {
    await notifyHoldersOf(ctx.db, 'adminChannel', {
      title: 'msgCarrierFormUnknownTitle',
      content: 'msgCarrierFormUnknownBody',
      params: {
        channel: channel.name,
        since: new Date(askedAt).toISOString(),
        trackingNumbers: labels.flatMap((label) => label.trackingNumbers).join(', '),
      },
    });
    throw unsettled(form, askedAt);
  }
  const found = await adapter
    .findManifest(
      { channel, labels, askedAt, reference: `manifest ${form.shipDate}` },
      adapterDeps(ctx, adapter, channel),
    )
    .catch((failure: unknown) => {
      if (failure instanceof UpstreamError) return null;
      throw failure;
    });
  // Not found yet is no proof that none was made (the carrier may still be making it): asked again later.
  if (!found) throw unsettled(form, askedAt);
  return keep(form, entries, found);
}

/** Keeps a form the carrier made for the labels; answers its PDF. */
async function keep(form: FormContext, entries: ManifestedOrder[], made: ManifestResult): Promise<Buffer> {
  const fileName = await form.ctx.storage.put(made.document.bytes, 'pdf');
  await recordManifest(form.ctx.db, {
    channelId: form.channel.id,
    userId: form.accountId,
    upstreamId: made.upstreamId,
    fileName,
    parcelIds: parcelIdsOf(entries),
  });
  return made.document.bytes;
}
