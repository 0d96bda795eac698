import { Typography } from 'antd';
import type { AdminOrder } from '../../../api/adminOrders';
import { Stacked } from '../../../components/orders/orderColumns';

/** An order's customer in a staff list: the account they sign in with, their name below (the id when unknown). */
export function CustomerCell({ order }: { order: Pick<AdminOrder, 'userId' | 'customer'> }) {
  if (!order.customer) return <Typography.Text type="secondary">#{order.userId}</Typography.Text>;
  return (
    <Stacked>
      <Typography.Text data-testid={`customer-${order.userId}`} ellipsis={{ tooltip: order.customer.account }}>
        {order.customer.account}
      </Typography.Text>
      {order.customer.name && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {order.customer.name}
        </Typography.Text>
      )}
    </Stacked>
  );
}
