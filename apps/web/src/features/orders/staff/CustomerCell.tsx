import { Typography } from 'antd';
import type { AdminOrder } from '../../../api/adminOrders';

/** An order's customer in a staff list: the account they sign in with, their name below (the id when unknown). */
export function CustomerCell({ order }: { order: Pick<AdminOrder, 'userId' | 'customer'> }) {
  if (!order.customer) return <Typography.Text type="secondary">#{order.userId}</Typography.Text>;
  // Block lines, so a long account or name ends in an ellipsis within the column instead of running over the next.
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text
        data-testid={`customer-${order.userId}`}
        ellipsis={{ tooltip: order.customer.account }}
        style={{ display: 'block' }}
      >
        {order.customer.account}
      </Typography.Text>
      {order.customer.name && (
        <Typography.Text
          type="secondary"
          ellipsis={{ tooltip: order.customer.name }}
          style={{ display: 'block', fontSize: 12 }}
        >
          {order.customer.name}
        </Typography.Text>
      )}
    </div>
  );
}
