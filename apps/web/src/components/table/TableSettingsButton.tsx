import { SettingOutlined } from '@ant-design/icons';
import type { TableSettings } from '@parcelport/shared/contracts/preferences/index';
import { Button, Popover, Spin, type TableColumnType } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { columnKeyOf } from './arrangeColumns';

// The panel (density, columns, pins) loads when the settings are first opened, not with the list.
const TableSettingsPanel = lazy(() => import('./TableSettingsPanel'));

/**
 * The table's settings, as docs/spec.md §9 names them: the font size (density), row numbers, and per column
 * whether it shows, its place and its pin. Every change is kept at once for the user (issue 14).
 */
export function TableSettingsButton<T>({
  columns,
  settings,
  locked,
  onChange,
  onReset,
}: {
  columns: TableColumnType<T>[];
  settings: TableSettings;
  /** The column that always shows. */
  locked: string;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const titles = new Map(columns.map((column) => [columnKeyOf(column), column.title as ReactNode]));
  const content = (
    <Suspense fallback={<Spin size="small" />}>
      <TableSettingsPanel titles={titles} settings={settings} locked={locked} onChange={onChange} onReset={onReset} />
    </Suspense>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title={t('tableSettings.title')} content={content}>
      <Button icon={<SettingOutlined />} data-testid="table-settings">
        {t('tableSettings.button')}
      </Button>
    </Popover>
  );
}
