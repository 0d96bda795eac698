import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorkOrderWaybill } from '../../api/workOrders';
import { OrderStatusTag } from '../../components/OrderStatusTag';

/**
 * The order a work order is about: its number (a link to the order's detail for the merchant who owns it),
 * tracking number and current status.
 */
export function WaybillCell({ waybill, link }: { waybill: WorkOrderWaybill | null; link: boolean }) {
  const { t } = useTranslation();
  if (!waybill) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={2} data-testid="work-order-waybill">
      <Space size={6} wrap>
        {link ? (
          <Link to={`/shipments/detail/${waybill.orderId}`} data-testid="work-order-waybill-link">
            {waybill.orderNo}
          </Link>
        ) : (
          <Typography.Text copyable>{waybill.orderNo}</Typography.Text>
        )}
        <OrderStatusTag status={waybill.status} />
      </Space>
      {waybill.trackingNo && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('workOrder.trackingNo')}
          {t('common.colon')}
          {waybill.trackingNo}
        </Typography.Text>
      )}
    </Space>
  );
}
