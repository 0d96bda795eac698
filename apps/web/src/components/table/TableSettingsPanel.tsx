import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import {
  COLUMN_PINS,
  type ColumnPin,
  TABLE_DENSITIES,
  type TableSettings,
} from '@parcelport/shared/contracts/preferences/index';
import { Button, Checkbox, Divider, Segmented, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moveColumn } from './arrangeColumns';

/** The table settings' panel (TableSettingsButton), loaded when first opened. */
export default function TableSettingsPanel({
  titles,
  settings,
  locked,
  onChange,
  onReset,
}: {
  titles: ReadonlyMap<string, ReactNode>;
  settings: TableSettings;
  locked: string;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation();
  const update = (key: string, change: Partial<TableSettings['columns'][number]>) =>
    onChange({
      ...settings,
      columns: settings.columns.map((column) => (column.key === key ? { ...column, ...change } : column)),
    });
  return (
    <div style={{ width: 360 }} data-testid="table-settings-panel">
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Typography.Text>{t('tableSettings.density')}</Typography.Text>
          <Segmented
            size="small"
            value={settings.density}
            options={TABLE_DENSITIES.map((density) => ({
              value: density,
              label: <span data-testid={`table-density-${density}`}>{t(`tableSettings.density.${density}`)}</span>,
            }))}
            onChange={(density) => onChange({ ...settings, density })}
          />
        </Space>
        <Checkbox
          checked={settings.index}
          onChange={(event) => onChange({ ...settings, index: event.target.checked })}
          data-testid="table-settings-index"
        >
          {t('tableSettings.index')}
        </Checkbox>
      </Space>
      <Divider style={{ margin: '12px 0 8px' }}>{t('tableSettings.columns')}</Divider>
      <div style={{ maxHeight: 320, overflowY: 'auto' }}>
        {settings.columns.map((column, place) => (
          <div
            key={column.key}
            style={{ display: 'flex', alignItems: 'center', gap: 4, padding: '2px 0' }}
            data-testid={`table-column-${column.key}`}
            data-column={column.key}
          >
            <Checkbox
              checked={column.visible}
              disabled={column.key === locked}
              onChange={(event) => update(column.key, { visible: event.target.checked })}
              style={{ flex: 1, minWidth: 0 }}
              data-testid={`table-column-${column.key}-visible`}
            >
              {titles.get(column.key)}
            </Checkbox>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              disabled={place === 0}
              aria-label={t('tableSettings.up')}
              title={t('tableSettings.up')}
              onClick={() => onChange(moveColumn(settings, column.key, -1))}
              data-testid={`table-column-${column.key}-up`}
            />
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={place === settings.columns.length - 1}
              aria-label={t('tableSettings.down')}
              title={t('tableSettings.down')}
              onClick={() => onChange(moveColumn(settings, column.key, 1))}
              data-testid={`table-column-${column.key}-down`}
            />
            <Select<ColumnPin>
              size="small"
              value={column.pin}
              style={{ width: 104 }}
              options={COLUMN_PINS.map((pin) => ({ value: pin, label: t(`tableSettings.pin.${pin}`) }))}
              onChange={(pin) => update(column.key, { pin })}
              aria-label={t('tableSettings.pin')}
              data-testid={`table-column-${column.key}-pin`}
            />
          </div>
        ))}
      </div>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" onClick={onReset} data-testid="table-settings-reset">
        {t('tableSettings.reset')}
      </Button>
    </div>
  );
}
