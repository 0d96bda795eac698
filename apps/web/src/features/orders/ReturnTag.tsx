import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderListFields } from '../../api/orders';

/** Marks a return label's row in the merchant's and staff's order lists (docs/api.md "Returns"). */
export function ReturnTag({ order }: { order: Pick<OrderListFields, 'kind'> }) {
  const { t } = useTranslation();
  if (order.kind !== 'return') return null;
  return (
    <Tag color="cyan" data-testid="order-return-tag">
      {t('orderList.returnTag')}
    </Tag>
  );
}
