import type { TableColumnType } from 'antd';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { OrderListFields } from '../api/orders';
import { shownName } from '../i18n';
import { NO_VALUE, shownMinute } from '../utils/shown';

/** One column of an order table (the user's order lists and the staff's all waybills). */
export type OrderColumn<T extends OrderListFields> = TableColumnType<T>;

/** The small grey line under a cell's main value. */
export function SubLine({ children }: { children: ReactNode }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
    </Typography.Text>
  );
}

/** A cell of a main value with lines under it. */
export function Stacked({ children }: { children: ReactNode }) {
  return (
    <Space orientation="vertical" size={0}>
      {children}
    </Space>
  );
}

/** A column's two names, one above the other, over cells that stack its two values the same way. */
export function stackedTitle(first: ReactNode, second: ReactNode) {
  return (
    <Stacked>
      {first}
      <Typography.Text type="secondary">{second}</Typography.Text>
    </Stacked>
  );
}

/** An order's creation time as the lists write it. */

/** The order number, pinned left; `cell` draws it (a link to the order, with what stands beside or under it). */
export function orderNoColumn<T extends OrderListFields>(
  title: string,
  width: number,
  cell: (order: T) => ReactNode,
): OrderColumn<T> {
  return { title, dataIndex: 'orderNo', width, fixed: 'left', render: (_orderNo: string, order) => cell(order) };
}

/** The service bought and a line under it (`detail`: carrier and zone, or carrier and channel); — before. */
export function serviceColumn<T extends OrderListFields>(
  column: Pick<OrderColumn<T>, 'title' | 'width' | 'key' | 'dataIndex'>,
  detail: (order: T) => ReactNode,
): OrderColumn<T> {
  return {
    ...column,
    render: (_value, order) =>
      order.serviceName ? (
        <Stacked>
          <span>{shownName(order.serviceName)}</span>
          <SubLine>{detail(order)}</SubLine>
        </Stacked>
      ) : (
        NO_VALUE
      ),
  };
}

/** When the order was created; `cell` draws it (by default the time alone). */
export function createdAtColumn<T extends OrderListFields>(
  title: string,
  width: number,
  cell: (createdAt: string, order: T) => ReactNode = shownMinute,
): OrderColumn<T> {
  return { title, dataIndex: 'createdAt', width, render: (value: string, order) => cell(value, order) };
}

/** The row's actions, pinned right. */
export function actionsColumn<T extends OrderListFields>(
  title: string,
  width: number,
  cell: (order: T) => ReactNode,
): OrderColumn<T> {
  return { title, key: 'actions', fixed: 'right', width, render: (_value: unknown, order: T) => cell(order) };
}
