/**
 * Address correction before the label (issue 30). A merchant's mode (`address_correction_modes`, off when
 * absent) decides what a label purchase does with the recipient address: the offline check (validate.ts)
 * and, where a channel validates addresses (EasyPost, USPS, ShipEngine), the carrier's (carrier-check.ts)
 * give a corrected form (ZIP+4, the street standardised) and whether it is a home. `confirm` stops the
 * purchase until the merchant took the corrected address or kept the original; `auto` applies it and goes
 * on; `off` looks for nothing. In both modes that look, an address the carrier cannot deliver to stops the
 * purchase with its words, and the residential flag the carrier told is recorded on the order.
 */
import { ADDRESS_STATUS, type Locale } from '@parcelport/shared';
import type { AddressCorrectionMode, AddressCorrectionView } from '@parcelport/shared/contracts/addresses/index';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { type Memo, memoize } from '../../lib/memo.ts';
import { addEvent, findOrder, type OrderRow, parseAddress, recordAddressCorrection } from '../orders/index.ts';
import { withCarrierCheck } from './carrier-check.ts';
import { correctionModeOf } from './repo.ts';
import { checkAddress } from './validate.ts';

/** The marks an answered correction leaves on the order (address_note), which a purchase in `confirm` looks for. */
const ANSWERED = { corrected: 'corrected before label', kept: 'kept as given' } as const;

const PLACE_FIELDS = ['countryCode', 'stateCode', 'city', 'addressLine1', 'addressLine2', 'zipCode'] as const;

/** An order's recipient address beside the checks' correction, as the purchase would see it. */
export async function correctionOf(
  ctx: AppContext,
  order: OrderRow,
  locale: Locale,
  mode?: AddressCorrectionMode,
): Promise<AddressCorrectionView> {
  const to = parseAddress(order.to_address);
  const original = Object.fromEntries(
    PLACE_FIELDS.map((field) => [field, String((to as Record<string, unknown>)[field] ?? '')]),
  ) as AddressCorrectionView['original'];
  if (!original.countryCode) original.countryCode = 'US';
  const check = await withCarrierCheck(ctx, checkAddress(original));
  const errors = check.issues.filter((issue) => issue.severity === 'error');
  const message = errors
    .map((issue) => {
      const said = translate(`addr_${issue.code}` as MessageKey, locale);
      return issue.detail ? `${said}: ${issue.detail}` : said;
    })
    .join('; ');
  return {
    orderId: order.id,
    mode: mode ?? (await correctionModeOf(ctx.db, order.user_id)),
    original,
    corrected: check.valid && check.corrected ? { ...check.suggestion } : null,
    residential: check.residential ?? null,
    deliverable: check.valid,
    message,
    byCarrier: check.byCarrier === true,
  };
}

/** The order with its recipient address (and residential flag) as the correction has it; throws when it changed. */
async function apply(
  ctx: AppContext,
  order: OrderRow,
  view: AddressCorrectionView,
  use: 'corrected' | 'original' | 'residentialOnly',
  actorId: number | null,
): Promise<OrderRow> {
  const corrected = use === 'corrected' ? view.corrected : null;
  // Only the carrier's residential flag: the address and its mark stay as they are.
  const mark =
    use === 'residentialOnly'
      ? { status: order.address_status, note: order.address_note }
      : corrected
        ? { status: ADDRESS_STATUS.corrected, note: ANSWERED.corrected }
        : { status: ADDRESS_STATUS.valid, note: ANSWERED.kept };
  const to = parseAddress(order.to_address);
  const residential = view.residential ?? undefined;
  await ctx.db.transaction().execute(async (trx) => {
    const done = await recordAddressCorrection(trx, order.id, order.version, {
      ...(corrected ? { toAddress: JSON.stringify({ ...to, ...corrected }), toZip: corrected.zipCode } : {}),
      ...(residential !== undefined ? { residential } : {}),
      ...mark,
    });
    if (!done) throw new AppError(409, 'orderChangedMeanwhile');
    const shown = (place: AddressCorrectionView['original']) => PLACE_FIELDS.map((field) => place[field]).join(', ');
    if (corrected)
      await addEvent(
        trx,
        order.id,
        order.status,
        'addressCorrected',
        actorId,
        `${shown(view.original)} → ${shown(corrected)}`,
      );
    else if (use === 'residentialOnly')
      await addEvent(trx, order.id, order.status, residential ? 'markedResidential' : 'markedCommercial', actorId);
    else await addEvent(trx, order.id, order.status, 'addressKept', actorId);
  });
  return (await findOrder(ctx.db, order.id)) as OrderRow;
}

/** The merchant's answer to a correction: the corrected address used, or the original kept. */
export async function confirmCorrection(
  ctx: AppContext,
  order: OrderRow,
  use: 'corrected' | 'original',
  actorId: number | null,
  locale: Locale,
): Promise<AddressCorrectionView> {
  const view = await correctionOf(ctx, order, locale);
  if (!view.deliverable) throw new AppError(422, 'addressUndeliverable', view, { reason: view.message });
  const updated = await apply(ctx, order, view, view.corrected ? use : 'original', actorId);
  return correctionOf(ctx, updated, locale, view.mode);
}

/**
 * The recipient address before a label is bought, by the merchant's mode: the order as it is to be bought
 * (corrected in `auto`), or an error that stops the purchase (undeliverable; in `confirm` a correction the
 * merchant has not answered yet, with both addresses).
 */
export async function addressBeforeLabel(
  ctx: AppContext,
  order: OrderRow,
  actorId: number | null,
  locale: Locale,
  memo?: Memo,
): Promise<OrderRow> {
  if (order.kind !== 'label') return order;
  // Read once per batch chunk.
  const mode = await memoize(memo, `correctionMode:${order.user_id}`, () => correctionModeOf(ctx.db, order.user_id));
  if (mode === 'off') return order;
  const view = await correctionOf(ctx, order, locale, mode);
  if (!view.deliverable) throw new AppError(422, 'addressUndeliverable', view, { reason: view.message });
  const answered = order.address_note === ANSWERED.corrected || order.address_note === ANSWERED.kept;
  if (view.corrected && mode === 'auto') return apply(ctx, order, view, 'corrected', actorId);
  if (view.corrected && !answered) throw new AppError(422, 'addressNeedsConfirm', view);
  const residentialChanged = view.residential !== null && (order.residential === 1) !== view.residential;
  if (residentialChanged) return apply(ctx, order, view, 'residentialOnly', actorId);
  return order;
}
