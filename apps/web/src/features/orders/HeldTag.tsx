import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderListFields } from '../../api/orders';

/** Marks an order a rule holds for review (issue 30): it cannot be bought until its merchant releases it. */
export function HeldTag({ order }: { order: Pick<OrderListFields, 'heldForReview'> }) {
  const { t } = useTranslation();
  if (!order.heldForReview) return null;
  return (
    <Tag color="orange" data-testid="order-held-tag">
      {t('orderList.heldTag')}
    </Tag>
  );
}
