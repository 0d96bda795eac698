import { WORK_ORDER_STATUS, WORK_ORDER_TYPES } from '@parcelport/shared';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { WorkOrderDesk } from '../../api/workOrders';

const W = WORK_ORDER_STATUS;
const STATUSES = [W.processing, W.closed, W.cancelled] as const;

const COLORS: Record<number, string> = {
  [W.processing]: 'processing',
  [W.closed]: 'success',
  [W.cancelled]: 'default',
};

/** docs/spec.md §4 work order status: being processed, closed, cancelled. */
export function WorkOrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="work-order-status" data-status={status}>
      {t(`workOrder.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}

export const workOrderStatusOptions = (t: TFunction) =>
  STATUSES.map((status) => ({ value: status, label: t(`workOrder.status.${status}`) }));

export const workOrderTypeOptions = (t: TFunction) =>
  WORK_ORDER_TYPES.map((type) => ({ value: type, label: t(`workOrder.type.${type}`) }));

/** Where one work order is worked: the merchant's page under Settings, customer service's under Administration. */
export const workOrderPath = (desk: WorkOrderDesk, id: number) =>
  desk === 'customer' ? `/settings/management/${id}` : `/adminSettings/serviceManagement/${id}`;

/** Where each desk's list is. */
export const workOrderListPath = (desk: WorkOrderDesk) =>
  desk === 'customer' ? '/settings/management' : '/adminSettings/serviceManagement';

/** Times as the work order screens show them: to the minute, in the browser's time zone. */
