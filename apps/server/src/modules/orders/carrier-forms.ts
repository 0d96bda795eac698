/**
 * The carriers' acceptance forms in a manifest (docs/carriers.md "Manifests"): the labels of the manifest
 * bought through a channel whose carrier makes SCAN forms (EasyPost, USPS) are put on one form per channel,
 * kept with their parcels; a label already on a form is never sent again, its form is given again. The
 * manifest PDF then carries each form's pages after the platform's own list.
 */
import type { Address } from '../../carriers/types.ts';
import { UpstreamError } from '../../carriers/upstream/types.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { adapterDeps } from '../channels/adapter-deps.ts';
import { labelChannelOf } from '../channels/label-channel.ts';
import { manifestFiles, recordManifest } from './manifest-repo.ts';
import { type OrderRow, type ParcelRow, parseAddress } from './repo.ts';

export interface ManifestedOrder {
  order: OrderRow;
  parcels: ParcelRow[];
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
    if (!channel || !adapter?.manifest) continue;
    const labelled = group.map(({ order, parcels }) => ({
      order,
      parcels: parcels.filter((parcel) => parcel.tracking_no),
    }));
    const formIds = [
      ...new Set(labelled.flatMap(({ parcels }) => parcels.map((parcel) => parcel.carrier_manifest_id))),
    ].filter((id): id is number => id !== null);
    for (const fileName of (await manifestFiles(ctx.db, formIds)).values()) forms.push(await ctx.storage.get(fileName));
    const fresh = labelled
      .map(({ order, parcels }) => ({
        order,
        parcels: parcels.filter((parcel) => parcel.carrier_manifest_id === null),
      }))
      .filter(({ parcels }) => parcels.length > 0);
    if (fresh.length === 0) continue;
    let made: Awaited<ReturnType<typeof adapter.manifest>>;
    try {
      made = await adapter.manifest(
        {
          channel,
          labels: fresh.map(({ order, parcels }) => ({
            trackingNumbers: parcels.map((parcel) => parcel.tracking_no as string),
            upstreamId: order.upstream_id,
          })),
          from: parseAddress((fresh[0] as ManifestedOrder).order.from_address) as Address,
          shipDate,
          reference: `manifest ${shipDate}`,
        },
        adapterDeps(ctx, adapter, channel),
      );
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      throw new AppError(502, 'carrierFormFailed', {}, { channel: channel.name, message: error.message });
    }
    const fileName = await ctx.storage.put(made.document.bytes, 'pdf');
    await recordManifest(ctx.db, {
      channelId: channel.id,
      userId: accountId,
      upstreamId: made.upstreamId,
      fileName,
      parcelIds: fresh.flatMap(({ parcels }) => parcels.map((parcel) => parcel.id)),
    });
    forms.push(made.document.bytes);
  }
  return forms;
}
