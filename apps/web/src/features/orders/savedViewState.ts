/**
 * What a saved view of the order list keeps (issue 30) and how the list takes it back: the filters as the
 * list queries them, the columns shown in their order (the table's arrangement, contracts/preferences), and
 * the sort (by creation time: newest first, the list's own order, or oldest first). Pure, so it is tested
 * apart from the screen.
 */
import type { OrderListSort } from '@parcelport/shared/contracts/orders/schemas';
import type { TableSettings } from '@parcelport/shared/contracts/preferences/index';
import dayjs from 'dayjs';
import type { OrderFilter } from '../../api/orders';
import type { SavedViewState } from '../../api/savedViews';

/** The filters a view may restore, as the list queries them. */
const FILTER_KEYS = ['status', 'tagId', 'keyword', 'channelId', 'batchNo', 'kind', 'from', 'to', 'mode'] as const;

/** The column the list sorts by: the creation time's. */
export const SORT_COLUMN = 'createdAt';

/**
 * The list's state as a view keeps it: only the filters in use, the columns shown in their order, and the
 * sort when it is not the list's own (newest first).
 */
export function viewStateOf(filter: OrderFilter, settings: TableSettings, sort?: OrderListSort): SavedViewState {
  const filters = Object.fromEntries(
    FILTER_KEYS.flatMap((key) => (filter[key] === undefined ? [] : [[key, filter[key]]])),
  );
  const columns = settings.columns.filter((column) => column.visible).map((column) => column.key);
  return { filters, columns, sort: sort === 'oldest' ? { field: SORT_COLUMN, order: 'ascend' } : null };
}

/** A view's sort as the list asks for it (undefined: newest first; a sort the list cannot make is left out). */
export const sortOfView = (state: SavedViewState): OrderListSort | undefined =>
  state.sort?.field === SORT_COLUMN && state.sort.order === 'ascend' ? 'oldest' : undefined;

/** A view's filters as the list queries them (a value of the wrong kind, from an older list, is left out). */
export function filterOfView(state: SavedViewState): OrderFilter {
  const value = (key: (typeof FILTER_KEYS)[number]) => state.filters[key];
  const number = (key: 'status' | 'tagId' | 'channelId') =>
    typeof value(key) === 'number' ? (value(key) as number) : undefined;
  const text = (key: 'keyword' | 'batchNo' | 'from' | 'to') =>
    typeof value(key) === 'string' ? (value(key) as string) : undefined;
  const kind = value('kind');
  // A view of test data keeps `mode: 'test'`; one without a mode (live, or saved before issue 31) shows live orders.
  const mode = value('mode') === 'test' ? ('test' as const) : undefined;
  return {
    status: number('status'),
    tagId: number('tagId'),
    channelId: number('channelId'),
    keyword: text('keyword'),
    batchNo: text('batchNo'),
    kind: kind === 'label' || kind === 'return' ? kind : undefined,
    from: text('from'),
    to: text('to'),
    mode,
  };
}

/** The filter form's values showing a view's filters. */
export function formValuesOf(filter: OrderFilter) {
  const { from, to, mode: _mode, ...rest } = filter;
  return { ...rest, dates: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : null };
}

/**
 * The table's arrangement with a view's columns: those shown, in the view's order, then the others hidden
 * (each keeping its pin); the density and row numbers stay as the person has them.
 */
export function settingsWithColumns(settings: TableSettings, columns: string[]): TableSettings {
  const byKey = new Map(settings.columns.map((column) => [column.key, column]));
  const shown = columns.flatMap((key) => {
    const column = byKey.get(key);
    return column ? [{ ...column, visible: true }] : [];
  });
  const shownKeys = new Set(shown.map((column) => column.key));
  const rest = settings.columns
    .filter((column) => !shownKeys.has(column.key))
    .map((column) => ({ ...column, visible: false }));
  return { ...settings, columns: [...shown, ...rest] };
}
