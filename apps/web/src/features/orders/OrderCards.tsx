import { Card, Checkbox, Flex, type PaginationProps, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LabelNameBy, OrderListItem } from '../../api/orders';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import { PhoneCards } from '../../components/PhoneCards';
import { TrackingText } from '../../components/TrackingText';
import { shownName } from '../../i18n';
import { detailPath } from '../../utils/orderPaths';
import { NO_VALUE } from '../../utils/shown';
import { HeldTag } from './HeldTag';
import { OrderNote } from './OrderNote';
import { OrderActions } from './orderActions';
import { ReturnTag } from './ReturnTag';

/** One order on a phone: what a merchant looks for first, then the order's actions as full-size buttons. */
function OrderCard({
  order,
  nameBy,
  operations,
  selected,
  onSelect,
}: {
  order: OrderListItem;
  nameBy: LabelNameBy;
  operations: boolean;
  /** Undefined: the route has no batch actions, so nothing to select. */
  selected?: boolean;
  onSelect: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <Card size="small" data-testid={`order-card-${order.orderNo}`} data-status={order.status}>
      <Flex vertical gap={6}>
        <Flex justify="space-between" align="flex-start" gap={8}>
          <Space size={8} wrap>
            {selected !== undefined && (
              <Checkbox
                checked={selected}
                onChange={(event) => onSelect(event.target.checked)}
                aria-label={t('orderList.selectOrder', { orderNo: order.orderNo })}
                data-testid="order-card-select"
              />
            )}
            <Link to={detailPath(order.id)} data-testid="order-no" style={{ fontWeight: 600 }}>
              {order.orderNo}
            </Link>
            {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
            <ReturnTag order={order} />
            <HeldTag order={order} />
          </Space>
          <OrderStatusTag status={order.status} />
        </Flex>
        {(order.failReason || order.auditInfo) && <OrderNote order={order} />}
        {order.tackNo && <TrackingText carrierCode={order.carrierCode} value={order.tackNo} line />}
        <div data-testid="order-card-recipient">
          <Typography.Text type="secondary">
            {t('orderList.recipient')}
            {t('common.colon')}
          </Typography.Text>
          {order.toPersonName} · {order.toZipCode}
          <div>
            <Typography.Text type="secondary">{order.toAddress}</Typography.Text>
          </div>
        </div>
        <div data-testid="order-card-service">
          <Typography.Text type="secondary">
            {t('orderList.service')}
            {t('common.colon')}
          </Typography.Text>
          {order.serviceName ? shownName(order.serviceName) : NO_VALUE}
          {order.carrierCode ? ` · ${order.carrierCode}` : ''}
        </div>
        {operations && <OrderActions order={order} nameBy={nameBy} size="middle" />}
      </Flex>
    </Card>
  );
}

/**
 * Issue 26: a phone's order list, one card per order instead of a table that scrolls sideways (its status and
 * actions were off screen or clipped); selection for the batch actions stays, by a box on each card.
 */
export function OrderCards({
  orders,
  loading,
  nameBy,
  operations,
  selection,
  pagination,
}: {
  orders: OrderListItem[];
  loading: boolean;
  nameBy: LabelNameBy;
  operations: boolean;
  selection?: { selected: OrderListItem[]; onChange: (rows: OrderListItem[]) => void };
  pagination: PaginationProps;
}) {
  const chosen = new Set(selection?.selected.map((order) => order.id));
  const toggle = (order: OrderListItem, checked: boolean) => {
    if (!selection) return;
    const others = selection.selected.filter((one) => one.id !== order.id);
    selection.onChange(checked ? [...others, order] : others);
  };
  return (
    <PhoneCards loading={loading} empty={orders.length === 0} pagination={pagination} testId="order-cards">
      {orders.map((order) => (
        <OrderCard
          key={order.id}
          order={order}
          nameBy={nameBy}
          operations={operations}
          selected={selection ? chosen.has(order.id) : undefined}
          onSelect={(checked) => toggle(order, checked)}
        />
      ))}
    </PhoneCards>
  );
}
