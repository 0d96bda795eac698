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

/**
 * Whose words: users read `orderStatus.*`; the admin waybill pages keep their own `waybills.status.*` labels,
 * which differ in Chinese only (the back-office's terms); in English a state has one name everywhere
 * (locales.test.ts).
 */
export type OrderStatusWording = 'user' | 'admin';

// With the trailing dot: the keys are `${prefix}${status}`.
const KEY_PREFIX: Record<OrderStatusWording, string> = { user: 'orderStatus.', admin: 'waybills.status.' };

/**
 * Every order status code of docs/spec.md §4, with its label, for status filters.
 * The admin filter shows the code beside the label.
 */
export function useOrderStatusOptions(wording: OrderStatusWording = 'user') {
  const { t } = useTranslation();
  const prefix = KEY_PREFIX[wording];
  return ORDER_STATUSES.map((status) => ({
    value: status,
    label:
      wording === 'admin' ? (
        `${t(`${prefix}${status}`)} (${status})`
      ) : (
        <span data-testid={`order-status-option-${status}`}>{t(`${prefix}${status}`)}</span>
      ),
  }));
}

/** An order status (docs/spec.md §4) as a coloured tag. */
export function OrderStatusTag({ status, wording = 'user' }: { status: number; wording?: OrderStatusWording }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="order-status" data-status={status}>
      {t(`${KEY_PREFIX[wording]}${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
