/**
 * A return label's QR code, where its carrier offers one (the adapter's `qrCode`: a USPS return bought through
 * EasyPost, USPS Label Broker): kept in the file storage beside the label, shown on the public return page so
 * whoever returns the parcel can have the label printed at the counter instead.
 */
import type { AppContext } from '../../context.ts';
import { setQrFile } from './repo.ts';

/** Keeps the QR code of a bought return (an order that is no return keeps nothing). */
export async function keepQrCode(ctx: AppContext, orderId: number, bytes: Buffer): Promise<void> {
  const name = await ctx.storage.put(bytes, 'png');
  if (!(await setQrFile(ctx.db, orderId, name))) await ctx.storage.remove(name);
}
