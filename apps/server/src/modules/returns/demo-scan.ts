/**
 * The demo channel's simulated carrier scanning a label on request: each call records the next step of the
 * simulated path (tracking/simulated.ts) for every parcel, through the same path a carrier's tracking takes
 * (`applyEvents`), so what follows a scan (the order's state, a pay-on-use return's charge) is the real thing.
 */
import { LABEL_PAID_STATUSES } from '@parcelport/shared';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { AppError } from '../../core/errors.ts';
import { findOrder, ownOrder } from '../orders/index.ts';
import { applyEvents, STEPS, storedEvents } from '../tracking/index.ts';
import { demoFlagOfChannel, trackedParcelsOf } from './return-orders-repo.ts';

export async function demoScan(ctx: AppContext, auth: Auth, id: number) {
  const order = await ownOrder(ctx, auth, id);
  const channel = order.channel_id ? await demoFlagOfChannel(ctx.db, order.channel_id) : undefined;
  if (channel?.is_demo !== 1) throw new AppError(422, 'demoScanDemoOnly');
  if (!(LABEL_PAID_STATUSES as readonly number[]).includes(order.status) || order.refunded_at !== null)
    throw new AppError(422, 'orderStateInvalid');
  const parcels = await trackedParcelsOf(ctx.db, id);
  let trackingStatus = 0;
  for (const parcel of parcels) {
    const done = (await storedEvents(ctx.db, parcel.id)).length;
    const step = STEPS[Math.min(done, STEPS.length - 1)] as (typeof STEPS)[number];
    trackingStatus = step.status;
    if (done >= STEPS.length) continue;
    await applyEvents(
      ctx,
      { parcelId: parcel.id, orderId: id, trackingNo: parcel.tracking_no as string, status: parcel.tracking_status },
      [
        {
          status: step.status,
          description: step.description,
          location: step.location('ORIGIN FACILITY'),
          occurredAt: Date.now(),
        },
      ],
    );
  }
  const after = await findOrder(ctx.db, id);
  return { status: after?.status ?? order.status, trackingStatus };
}
