import type { TableList } from '@parcelport/shared/contracts/preferences/index';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { HTMLAttributes } from 'react';
import type { OrderListFields } from '../../api/orders';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { LOCKED_COLUMN } from '../../components/table/arrangeColumns';

/**
 * The table of the order lists (the user's, and staff's all waybills): one row per order, selectable, with
 * the columns each screen gives, arranged as the user keeps them for `list` (contracts/preferences).
 */
export function OrderTable<T extends OrderListFields>({
  list,
  columns,
  orders,
  loading,
  selection,
  rowData,
  pagination,
  onSort,
}: {
  /** Whose arrangement: the merchant's order lists share one, staff's all waybills another. */
  list: TableList;
  columns: TableColumnsType<T>;
  orders: T[];
  loading: boolean;
  selection?: { selected: T[]; onChange: (rows: T[]) => void };
  /** More data-* attributes of a row. */
  rowData?: (order: T) => Record<string, unknown>;
  pagination: TablePaginationConfig;
  /** A column header clicked to sort (the list sorts on the server). */
  onSort?: (sorter: SorterResult<T>) => void;
}) {
  return (
    <ArrangedTable<T>
      list={list}
      locked={LOCKED_COLUMN}
      rowKey="id"
      columns={columns}
      dataSource={orders}
      loading={loading}
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
      onChange={(_pagination, _filters, sorter, extra) => {
        if (extra.action === 'sort' && !Array.isArray(sorter)) onSort?.(sorter);
      }}
    />
  );
}
