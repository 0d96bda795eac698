import { ORDER_STATUSES } from '@parcelport/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  0: 'default',
  1: 'blue',
  2: 'cyan',
  3: 'green',
  4: 'default',
  5: 'red',
  6: 'orange',
  7: 'geekblue',
  15: 'default',
  16: 'magenta',
  17: 'processing',
  18: 'purple',
};

/** The order status codes of SPEC §4, as select options. */
export function useOrderStatusOptions() {
  const { t } = useTranslation();
  return ORDER_STATUSES.map((status) => ({ value: status, label: `${t(`waybills.status.${status}`)} (${status})` }));
}

/** An order status (SPEC §4 codes) as a coloured tag. */
export function OrderStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="order-status" data-status={status}>
      {t(`waybills.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
