import type { TableList, TableSettings } from '@parcelport/shared/contracts/preferences/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderListFields } from '../../api/orders';
import { getTableSettings, resetTableSettings, saveTableSettings } from '../../api/preferences';
import { arrange, settingsFor } from './arrangeColumns';
import { TableSettingsButton } from './TableSettingsButton';

/** docs/spec.md §9 font sizes as antd's table sizes; mini also takes a smaller font (styles.css .pp-table-mini). */
const SIZES = { mini: 'small', small: 'small', medium: 'middle', large: 'large' } as const;
const SELECTION_WIDTH = 48;

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
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = ['tableSettings', list];
  const saved = useQuery({
    queryKey,
    queryFn: () => getTableSettings(list),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  // What the user just chose, shown at once while it is kept.
  const [chosen, setChosen] = useState<TableSettings | null>(null);
  const settings = settingsFor(columns, chosen ?? saved.data ?? null);
  const keep = useMutation({
    mutationFn: (next: TableSettings) => saveTableSettings(list, next),
    onSuccess: (_answer, next) => queryClient.setQueryData(queryKey, next),
  });
  const restore = useMutation({
    mutationFn: () => resetTableSettings(list),
    onSuccess: () => {
      queryClient.setQueryData(queryKey, null);
      setChosen(null);
    },
  });

  const first = ((pagination.current ?? 1) - 1) * (pagination.pageSize ?? 0) + 1;
  const shown = arrange(columns, settings, { title: t('tableSettings.indexColumn'), first });
  // As wide as the columns shown, so hiding columns gives their room to the others.
  const width = shown.reduce((sum, column) => sum + Number(column.width ?? 120), selection ? SELECTION_WIDTH : 0);
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <TableSettingsButton
          columns={columns}
          settings={settings}
          onChange={(next) => {
            setChosen(next);
            keep.mutate(next);
          }}
          onReset={() => restore.mutate()}
        />
      </div>
      <Table<T>
        rowKey="id"
        size={SIZES[settings.density]}
        className={`pp-table-${settings.density}`}
        columns={shown}
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
    </>
  );
}
