import type { StorePlatform } from '@parcelport/shared/contracts/stores/index';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../core/errors.ts';
import { UpstreamError } from '../../outbound/types.ts';
import type { StoreConnection, StoreCredentials } from '../../stores/types.ts';
import { isWeightUnit } from '../../stores/weights.ts';
import { type StoreRow, updateStore } from './repo.ts';

/** A store row with its credentials opened, as the adapters take it. */
export function connectionOf(ctx: AppContext, row: StoreRow): StoreConnection {
  const credentials = row.credentials ? (JSON.parse(ctx.sealer.open(row.credentials)) as StoreCredentials) : {};
  return {
    id: Number(row.id),
    platform: row.platform as StorePlatform,
    account: row.account,
    credentials,
    weightUnit: isWeightUnit(row.weight_unit) ? row.weight_unit : 'lb',
  };
}

export const sealedCredentials = (ctx: AppContext, credentials: StoreCredentials) =>
  ctx.sealer.seal(JSON.stringify(credentials));

/** The store's words about a failed call as the merchant is shown them (an error kept in the store's words). */
export function complaintOf(error: unknown): string {
  return error instanceof UpstreamError || error instanceof Error ? error.message : String(error);
}

/**
 * Keeps what a failed call to the store said on the store; credentials the store refuses mark it failing
 * (the merchant connects it again). Answers the error a merchant's call fails with.
 */
export async function storeFailed(ctx: AppContext, row: StoreRow, error: unknown): Promise<AppError> {
  if (error instanceof AppError) return error;
  const reason = complaintOf(error);
  const refused = error instanceof UpstreamError && error.kind === 'auth';
  await updateStore(ctx.db, Number(row.id), { last_error: reason, ...(refused ? { status: 'failing' } : {}) });
  return new AppError(502, 'storeSaid', null, { reason });
}
