import type { TableList } from '@parcelport/shared/contracts/preferences/index';
import type { TableColumnsType, TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type HTMLAttributes, startTransition, useEffect, useState } from 'react';
import type { OrderListFields } from '../../api/orders';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { LOCKED_COLUMN } from '../../components/table/arrangeColumns';

/**
 * Issue 26, the first screen: the rows drawn with the list's first answer. antd's Table renders, lays out and
 * measures every row it is given before anything of it is painted (a page of 50 orders, each with its tags,
 * tracking and actions, is most of the order list's first render), so the first rows are shown alone and the
 * rest of the page follows in the next render, once they are on screen. A page of this many rows or fewer is
 * drawn whole at once.
 */
export const FIRST_ROWS = 10;

/**
 * `orders`, cut to the first FIRST_ROWS until they have been painted once, then whole: the cut is made only for
 * the list's first page of rows (later pages replace rows already on screen, which cost no first paint).
 */
export function useFirstRowsFirst<T>(orders: T[]): T[] {
  const [whole, setWhole] = useState(false);
  const cut = !whole && orders.length > FIRST_ROWS;
  useEffect(() => {
    if (!cut) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame, then a task: after the paint that shows the first rows. The rest is a transition, which React
    // renders in slices that let the browser answer the person meanwhile.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setWhole(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [cut]);
  return cut ? orders.slice(0, FIRST_ROWS) : orders;
}

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
  const rows = useFirstRowsFirst(orders);
  return (
    <ArrangedTable<T>
      list={list}
      locked={LOCKED_COLUMN}
      rowKey="id"
      columns={columns}
      dataSource={rows}
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
