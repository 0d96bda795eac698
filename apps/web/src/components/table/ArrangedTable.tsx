import type { TableList, TableSettings } from '@parcelport/shared/contracts/preferences/index';
import * as preferencesContracts from '@parcelport/shared/contracts/preferences/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type GetRef, Table, type TableColumnsType, type TableProps } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { arrange, columnKeyOf, settingsFor } from './arrangeColumns';
import { TableSettingsButton } from './TableSettingsButton';

/** docs/spec.md §9 font sizes as antd's table sizes; mini also takes a smaller font (styles.css .pp-table-mini). */
const SIZES = { mini: 'small', small: 'small', medium: 'middle', large: 'large' } as const;
/** antd's selection and expand columns. */
export const SELECTION_WIDTH = 48;
/** A column drawn without a width of its own is counted as this wide. */
const DEFAULT_WIDTH = 120;

/**
 * The width a list's table fits in without scrolling sideways: the content of a 1440 x 900 window with the
 * side menu open (210 px), the page's and the card's padding (1,140 px in Chromium), less the page's own
 * scroll bar once a page of rows is longer than the window (issue 14). A list's own columns (those not
 * `hidden` by the list; the others are offered in the table settings) add up to no more than this.
 */
export const FITS_1440 = 1120;

/** Where the query cache keeps the person's arrangement of `list`. */
export const tableSettingsKey = (list: TableList) => ['tableSettings', list];

/** What the columns shown take side by side, with the selection column when rows are selectable. */
export const columnsWidth = <T,>(columns: TableColumnsType<T>, extra = 0) =>
  columns.reduce((sum, column) => sum + Number(column.width ?? DEFAULT_WIDTH), extra);

/**
 * A list's table as the user arranges it for `list` (contracts/preferences): which columns show (a column
 * the list marks `hidden` is offered, not shown, until the user shows it), their order and pins, the density
 * and row numbers, kept for the user. `locked` names the column that names the row, always shown (the first
 * by default). As wide as the columns shown, so hiding columns gives their room to the others.
 */
export function ArrangedTable<T extends object>({
  list,
  columns,
  locked,
  pagination,
  rowSelection,
  expandable,
  ...props
}: Omit<TableProps<T>, 'columns' | 'scroll' | 'size'> & {
  list: TableList;
  columns: TableColumnsType<T>;
  locked?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const queryKey = tableSettingsKey(list);
  const saved = useQuery({
    queryKey,
    queryFn: () => call(preferencesContracts.getTableSettings, { params: { list } }),
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
  // What the user just chose, shown at once while it is kept.
  const [chosen, setChosen] = useState<TableSettings | null>(null);
  const lockedKey = locked ?? (columns[0] ? columnKeyOf(columns[0]) : '');
  const settings = settingsFor(columns, chosen ?? saved.data ?? null, lockedKey);
  const keep = useMutation({
    mutationFn: (next: TableSettings) => call(preferencesContracts.saveTableSettings, { params: { list }, body: next }),
    onSuccess: (_answer, next) => queryClient.setQueryData(queryKey, next),
  });
  const restore = useMutation({
    mutationFn: () => call(preferencesContracts.resetTableSettings, { params: { list } }),
    onSuccess: () => {
      queryClient.setQueryData(queryKey, null);
      setChosen(null);
    },
  });

  const paging = pagination || undefined;
  const first = ((paging?.current ?? 1) - 1) * (paging?.pageSize ?? 0) + 1;
  const shown = arrange(columns, settings, { title: t('tableSettings.indexColumn'), first });
  const extra = (rowSelection ? SELECTION_WIDTH : 0) + (expandable ? SELECTION_WIDTH : 0);
  const table = useRef<GetRef<typeof Table>>(null);
  // antd repeats the column titles in a hidden row that measures the columns, the select-all checkbox with
  // them: a control reached by Tab inside aria-hidden (axe: aria-hidden-focus). Inert takes that copy out of
  // the tab order and the accessibility tree; the real header is untouched.
  useLayoutEffect(() => {
    for (const row of table.current?.nativeElement?.querySelectorAll('.ant-table-measure-row') ?? []) {
      row.setAttribute('inert', '');
    }
  });
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <TableSettingsButton
          columns={columns}
          settings={settings}
          locked={lockedKey}
          onChange={(next) => {
            setChosen(next);
            keep.mutate(next);
          }}
          onReset={() => restore.mutate()}
        />
      </div>
      <Table<T>
        {...props}
        ref={table}
        size={SIZES[settings.density]}
        className={`pp-table-${settings.density}`}
        columns={shown}
        scroll={{ x: columnsWidth(shown, extra) }}
        rowSelection={rowSelection}
        expandable={expandable}
        pagination={pagination}
      />
    </>
  );
}
