/**
 * A list's columns as the user arranged them (contracts/preferences): their order, which show, where each
 * is pinned, and a first column of row numbers. Pure, so the arrangement is tested apart from the screen.
 */
import type { ColumnPin, TableSettings } from '@parcelport/shared/contracts/preferences/index';
import type { TableColumnType } from 'antd';

/** The order lists' column that names the row: always shown, so no arrangement leaves a row without its order number. */
export const LOCKED_COLUMN = 'orderNo';

export const columnKeyOf = <T>(column: TableColumnType<T>): string => String(column.key ?? column.dataIndex);

const pinOf = <T>(column: TableColumnType<T>): ColumnPin =>
  column.fixed === 'left' || column.fixed === true ? 'left' : column.fixed === 'right' ? 'right' : 'none';

/**
 * The list's own arrangement: its columns in its order, pinned as the list pins them, shown unless the list
 * marks them `hidden` (kept for who wants them: they would not fit a 1440 px screen beside the others).
 */
export function defaultSettings<T>(columns: TableColumnType<T>[]): TableSettings {
  return {
    density: 'medium',
    index: false,
    columns: columns.map((column) => ({ key: columnKeyOf(column), visible: !column.hidden, pin: pinOf(column) })),
  };
}

/**
 * The user's settings over the list's current columns: a column the list no longer has is dropped, one the
 * list gained since is added after the user's, shown and pinned as the list has it; `locked` always shows.
 */
export function settingsFor<T>(
  columns: TableColumnType<T>[],
  saved: TableSettings | null,
  locked: string = LOCKED_COLUMN,
): TableSettings {
  const base = defaultSettings(columns);
  if (!saved) return base;
  const known = new Set(base.columns.map((column) => column.key));
  const kept = saved.columns.filter((column) => known.has(column.key));
  const keptKeys = new Set(kept.map((column) => column.key));
  return {
    density: saved.density,
    index: saved.index,
    columns: [...kept, ...base.columns.filter((column) => !keptKeys.has(column.key))].map((column) =>
      column.key === locked ? { ...column, visible: true } : column,
    ),
  };
}

/** The columns to draw: in the settings' order, the hidden left out, each pinned as set; row numbers first. */
export function arrange<T>(
  columns: TableColumnType<T>[],
  settings: TableSettings,
  index: { title: string; first: number },
): TableColumnType<T>[] {
  const byKey = new Map(columns.map((column) => [columnKeyOf(column), column]));
  const shown = settings.columns.flatMap((setting) => {
    const column = byKey.get(setting.key);
    if (!column || !setting.visible) return [];
    return [{ ...column, hidden: undefined, fixed: setting.pin === 'none' ? undefined : setting.pin }];
  });
  // Pinned columns stay at their edge whatever their place in the order, as antd draws them.
  const arranged = [
    ...shown.filter((column) => column.fixed === 'left'),
    ...shown.filter((column) => column.fixed === undefined),
    ...shown.filter((column) => column.fixed === 'right'),
  ];
  if (!settings.index) return arranged;
  const numbers: TableColumnType<T> = {
    title: index.title,
    key: '__index',
    width: 64,
    fixed: arranged[0]?.fixed === 'left' ? 'left' : undefined,
    render: (_value, _row, rowIndex) => index.first + rowIndex,
  };
  return [numbers, ...arranged];
}

/** The settings with one column moved `by` places (−1 up, +1 down), within the list. */
export function moveColumn(settings: TableSettings, key: string, by: -1 | 1): TableSettings {
  const columns = [...settings.columns];
  const from = columns.findIndex((column) => column.key === key);
  const to = from + by;
  if (from < 0 || to < 0 || to >= columns.length) return settings;
  [columns[from], columns[to]] = [columns[to] as (typeof columns)[number], columns[from] as (typeof columns)[number]];
  return { ...settings, columns };
}
