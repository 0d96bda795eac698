/**
 * SCAN forms staff settle by hand (docs/carriers.md "Manifests"): a form asked of a carrier that cannot be
 * asked afterwards whether it made it (USPS, no `findManifest`) whose answer was lost leaves its labels
 * asked, never sent for another form (volume/carrier-forms.ts). Staff holding `adminChannel` find out from the
 * carrier and settle it: `recorded` keeps the form they obtained by its number (a page for it goes into the
 * merchant's manifest, as a carrier's form does), `released` lets the labels be asked for a new form. Each
 * settlement is kept with who made it and when, the merchant is told, and a second one is refused.
 */
import type {
  CarrierFormSettlement,
  UnknownCarrierForm,
} from '@parcelport/shared/contracts/orders/unknown-carrier-forms';
import { adapterFor } from '../../carriers/registry.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError, invalidFields, notFound } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isoTime } from '../../core/time.ts';
import type { Db } from '../../db/index.ts';
import { renderRecordedFormPdf } from '../../documents/recorded-form.ts';
import { notifyUser } from '../messages/index.ts';
import {
  ASK_SETTLES_AFTER_MS,
  type AskedParcel,
  askedParcel,
  askedWith,
  asksBefore,
  recordSettlement,
} from '../orders/index.ts';
import { accountNames } from '../users/index.ts';

const groupKey = (parcel: AskedParcel) => `${parcel.user_id}:${parcel.channel_id}:${parcel.is_test}:${parcel.asked_at}`;

/** Whether the carrier of the channel can be asked about a lost form (then it is settled by asking, not by staff). */
const askable = (platformCode: string) => Boolean(adapterFor(platformCode)?.findManifest);

/** The forms waiting for staff: asked long enough ago to be lost, at a carrier that cannot be asked; oldest first. */
export async function listUnknownForms(db: Db, scope: Scope): Promise<UnknownCarrierForm[]> {
  const rows = await asksBefore(db, scope, Date.now() - ASK_SETTLES_AFTER_MS);
  const groups = Map.groupBy(
    rows.filter((row) => !askable(row.platform_code)),
    groupKey,
  );
  return [...groups.values()].map((parcels) => {
    const first = parcels[0] as AskedParcel;
    return {
      id: first.id,
      channelId: first.channel_id as number,
      channelName: first.channel_name,
      username: first.username,
      askedAt: isoTime(first.asked_at) as string,
      trackingNumbers: parcels.map((parcel) => parcel.tracking_no ?? ''),
      isTest: first.is_test === 1,
    };
  });
}

/** Thrown inside the settlement's transaction to undo it: another settlement took the labels first. */
class Settled extends Error {}

const alreadySettled = () => new AppError(409, 'carrierFormSettled');

/**
 * Settles the form the parcel `parcelId` was asked on (all its labels asked at the same moment): refused
 * with 409 when it is settled already, still possibly under way, or its carrier can be asked instead.
 */
export async function settleUnknownForm(
  ctx: AppContext,
  auth: Auth,
  scope: Scope,
  parcelId: number,
  body: { outcome: 'recorded' | 'released'; formNumber?: string | undefined },
  onAccount: (accountId: number) => void,
): Promise<CarrierFormSettlement> {
  const parcel = await askedParcel(ctx.db, scope, parcelId);
  if (!parcel) throw notFound('orderNotFound');
  // The user log names the merchant whose labels these are.
  onAccount(parcel.user_id);
  if (parcel.asked_at === null || parcel.carrier_manifest_id !== null) throw alreadySettled();
  const askedAt = parcel.asked_at;
  const params = { channel: parcel.channel_name, since: new Date(askedAt).toISOString() };
  if (askable(parcel.platform_code) || Date.now() - askedAt < ASK_SETTLES_AFTER_MS)
    throw new AppError(409, 'carrierFormPending', {}, params);
  if (body.outcome === 'recorded' && !body.formNumber) throw invalidFields({ formNumber: 'fieldRequired' });

  const group = (await askedWith(ctx.db, scope, parcel)).map((row) => ({
    id: row.id,
    trackingNumber: row.tracking_no ?? '',
  }));
  const trackingNumbers = group.map((row) => row.trackingNumber);
  const now = Date.now();
  const formNumber = body.outcome === 'recorded' ? (body.formNumber as string) : null;
  // The page the merchant's manifest carries for the recorded form, kept before the transaction claims it.
  const fileName = formNumber
    ? await ctx.storage.put(
        await renderRecordedFormPdf({
          carrier: parcel.platform_code.toUpperCase(),
          channel: parcel.channel_name,
          formNumber,
          recordedAt: new Date(now),
          trackingNumbers,
        }),
        'pdf',
      )
    : null;

  try {
    await ctx.db.transaction().execute(async (trx) => {
      const settled = await recordSettlement(trx, {
        parcel,
        parcelIds: group.map((row) => row.id),
        outcome: body.outcome,
        formNumber,
        fileName,
        trackingNumbers,
        settledBy: auth.userId,
        now,
      });
      if (!settled) throw new Settled();
    });
  } catch (error) {
    // Nothing kept it: the page drawn for the form goes too.
    if (fileName) await ctx.storage.remove(fileName).catch(() => undefined);
    if (error instanceof Settled) throw alreadySettled();
    throw error;
  }

  await notifyUser(ctx.db, parcel.user_id, {
    type: 'message',
    title: 'msgCarrierFormSettledTitle',
    content: formNumber ? 'msgCarrierFormRecordedBody' : 'msgCarrierFormReleasedBody',
    params: { ...params, formNumber: formNumber ?? '', trackingNumbers: trackingNumbers.join(', ') },
  });
  return {
    outcome: body.outcome,
    formNumber,
    settledBy: (await accountNames(ctx.db, [auth.userId])).get(auth.userId)?.account ?? '',
    settledAt: isoTime(now) as string,
  };
}
