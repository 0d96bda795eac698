import { ORDER_STATUS } from '@parcelport/shared';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import type { TFunction } from 'i18next';
import type { AdminOrder } from '../../../api/adminOrders';
import { call } from '../../../api/call';

/** Whether the order still holds a temporary deposit staff may release. */
export function holdsEarnest(order: AdminOrder): boolean {
  return Number(order.earnest) > 0 && !order.earnestReleasedAt && order.status !== ORDER_STATUS.placing;
}

/** Release the temporary deposit of orders; says which could not be released. */
export async function releaseAndReport(
  ids: number[],
  notify: { success: (text: React.ReactNode) => void; error: (text: React.ReactNode) => void },
  t: TFunction,
): Promise<void> {
  const results = await call(ordersContracts.releaseEarnest, { body: { ids } });
  const failed = results.filter((result) => !result.ok);
  const done = results.length - failed.length;
  if (done > 0)
    notify.success(<span data-testid="earnest-released">{t('waybills.earnestDone', { count: done })}</span>);
  for (const result of failed) notify.error(`#${result.id}: ${result.message ?? t('request.error')}`);
}
