import type { TableColumnType } from 'antd';
import { describe, expect, it } from 'vitest';
import { arrange, defaultSettings, moveColumn, settingsFor } from './arrangeColumns';

type Row = { id: number };
const columns: TableColumnType<Row>[] = [
  { title: 'Order', dataIndex: 'orderNo', width: 190, fixed: 'left' },
  { title: 'Tracking', dataIndex: 'tackNo', width: 250 },
  { title: 'Sender', key: 'sender', width: 160 },
  { title: 'Created', dataIndex: 'createdAt', width: 160 },
  { title: 'Actions', key: 'actions', width: 230, fixed: 'right' },
];
const keys = (shown: TableColumnType<Row>[]) => shown.map((column) => String(column.key ?? column.dataIndex));
const numbers = { title: '#', first: 51 };

describe('arranging a list’s columns', () => {
  it("keeps the list's own order, all shown and pinned as the list pins them, until the user saves theirs", () => {
    const settings = settingsFor(columns, null);
    expect(settings).toEqual(defaultSettings(columns));
    expect(settings.columns.map((column) => column.pin)).toEqual(['left', 'none', 'none', 'none', 'right']);
    expect(keys(arrange(columns, settings, numbers))).toEqual(['orderNo', 'tackNo', 'sender', 'createdAt', 'actions']);
  });

  it('a column the list keeps hidden is offered, not drawn, until the user shows it; the locked column always shows', () => {
    const withHidden: TableColumnType<Row>[] = [
      ...columns,
      { title: 'Reference', dataIndex: 'reference1', hidden: true },
    ];
    const settings = settingsFor(withHidden, null);
    expect(settings.columns.find((column) => column.key === 'reference1')?.visible).toBe(false);
    expect(keys(arrange(withHidden, settings, numbers))).not.toContain('reference1');
    const shown = arrange(
      withHidden,
      {
        ...settings,
        columns: settings.columns.map((column) =>
          column.key === 'reference1' ? { ...column, visible: true } : column,
        ),
      },
      numbers,
    );
    expect(
      shown.find((column) => column.key === undefined && column.dataIndex === 'reference1')?.hidden,
    ).toBeUndefined();
    const locked = settingsFor(
      withHidden,
      { density: 'medium', index: false, columns: [{ key: 'sender', visible: false, pin: 'none' }] },
      'sender',
    );
    expect(locked.columns.find((column) => column.key === 'sender')?.visible).toBe(true);
  });

  it('draws the user’s order, leaves hidden columns out, pins them where asked and numbers the rows', () => {
    let settings = settingsFor(columns, null);
    settings = moveColumn(settings, 'createdAt', -1);
    settings = moveColumn(settings, 'createdAt', -1);
    settings = {
      ...settings,
      index: true,
      columns: settings.columns.map((column) =>
        column.key === 'sender'
          ? { ...column, visible: false }
          : column.key === 'actions'
            ? { ...column, pin: 'none' }
            : column,
      ),
    };
    const shown = arrange(columns, settings, numbers);
    expect(keys(shown)).toEqual(['__index', 'orderNo', 'createdAt', 'tackNo', 'actions']);
    expect(shown.find((column) => column.key === 'actions')?.fixed).toBeUndefined();
    // Row numbers go on from the page's first row, pinned with the pinned order number.
    expect(shown[0]?.fixed).toBe('left');
    expect(shown[0]?.render?.(undefined, { id: 1 }, 2)).toBe(53);
  });

  it('a column pinned left or right goes to its edge, whatever its place', () => {
    const settings = settingsFor(columns, {
      density: 'mini',
      index: false,
      columns: [
        { key: 'tackNo', visible: true, pin: 'right' },
        { key: 'sender', visible: true, pin: 'left' },
      ],
    });
    expect(keys(arrange(columns, settings, numbers))).toEqual(['sender', 'orderNo', 'createdAt', 'tackNo', 'actions']);
  });

  it('follows the list: a column it dropped is forgotten, one it gained shows after the user’s; the order number always shows', () => {
    const settings = settingsFor(columns, {
      density: 'large',
      index: false,
      columns: [
        { key: 'gone', visible: true, pin: 'none' },
        { key: 'createdAt', visible: true, pin: 'none' },
        { key: 'orderNo', visible: false, pin: 'left' },
      ],
    });
    expect(settings.density).toBe('large');
    expect(settings.columns.map((column) => column.key)).toEqual([
      'createdAt',
      'orderNo',
      'tackNo',
      'sender',
      'actions',
    ]);
    expect(settings.columns.find((column) => column.key === 'orderNo')?.visible).toBe(true);
  });

  it('moves no column past either end', () => {
    const settings = settingsFor(columns, null);
    expect(moveColumn(settings, 'orderNo', -1)).toBe(settings);
    expect(moveColumn(settings, 'actions', 1)).toBe(settings);
  });
});
