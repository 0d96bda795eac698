import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OrderListFields } from '../../api/orders';

/** The customer-facing reason an order stopped: the failure, or the staff's audit note. */
export function OrderNote({ order }: { order: Pick<OrderListFields, 'failReason' | 'auditInfo'> }) {
  const { t } = useTranslation();
  if (!order.failReason && !order.auditInfo) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      {order.failReason && (
        <Typography.Text type="danger" data-testid="order-fail-reason">
          {t('orderList.failReason')}
          {t('common.colon')}
          {order.failReason}
        </Typography.Text>
      )}
      {order.auditInfo && (
        <Typography.Text type="warning" data-testid="order-audit-info">
          {t('orderList.auditInfo')}
          {t('common.colon')}
          {order.auditInfo}
        </Typography.Text>
      )}
    </Space>
  );
}
