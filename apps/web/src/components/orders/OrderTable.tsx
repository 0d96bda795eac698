import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import type { HTMLAttributes } from 'react';
import type { OrderListFields } from '../../api/orders';

/**
 * An order list's table: one row an order (test id `order-row-<orderNo>`, plus `rowData`), paged by the
 * server; with `selection`, rows can be picked.
 */
export function OrderTable<T extends OrderListFields>({
  columns,
  orders,
  loading,
  width,
  selection,
  rowData,
  pagination,
}: {
  columns: TableColumnsType<T>;
  orders: T[];
  loading: boolean;
  /** The scroll width. */
  width: number;
  selection?: { selected: T[]; onChange: (rows: T[]) => void };
  /** More data-* attributes of a row. */
  rowData?: (order: T) => Record<string, unknown>;
  pagination: TablePaginationConfig;
}) {
  return (
    <Table<T>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={orders}
      loading={loading}
      scroll={{ x: width }}
      rowSelection={
        selection
          ? {
              selectedRowKeys: selection.selected.map((order) => order.id),
              onChange: (_keys, rows) => selection.onChange(rows),
            }
          : undefined
      }
      onRow={(order) =>
        ({ 'data-testid': `order-row-${order.orderNo}`, ...rowData?.(order) }) as HTMLAttributes<HTMLElement>
      }
      pagination={pagination}
    />
  );
}
