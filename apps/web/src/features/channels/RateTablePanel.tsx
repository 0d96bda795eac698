import { UploadOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Space, Table, type TableColumnsType, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { importRates, type RateCell, type SheetError, sheetErrorsOf } from '../../api/channels';
import { ApiError } from '../../api/request';
import { SheetErrorTable } from './SheetErrorTable';
import { weightLabel } from './settings';

interface GridRow {
  maxOz: number;
  prices: Record<number, string>;
}

/** The rate table as a grid: one row per weight bracket, one column per zone. */
export function rateGrid(cells: readonly RateCell[]): { zones: number[]; rows: GridRow[] } {
  const zones = [...new Set(cells.map((cell) => cell.zone))].sort((a, b) => a - b);
  const byWeight = new Map<number, GridRow>();
  for (const cell of cells) {
    const row = byWeight.get(cell.maxOz) ?? { maxOz: cell.maxOz, prices: {} };
    row.prices[cell.zone] = cell.price;
    byWeight.set(cell.maxOz, row);
  }
  return { zones, rows: [...byWeight.values()].sort((a, b) => a.maxOz - b.maxOz) };
}

/** A service's rate table: view it, and replace it by importing an xlsx/csv sheet. */
export function RateTablePanel({ serviceId }: { serviceId: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<SheetError[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importing, setImporting] = useState(false);
  const rates = useQuery({
    queryKey: ['serviceRates', serviceId],
    queryFn: () => call(channelsContracts.serviceRates, { params: { id: serviceId } }),
  });
  const { zones, rows } = rateGrid(rates.data ?? []);

  const upload = async (file: File) => {
    setImporting(true);
    setErrors(null);
    setFailure(null);
    try {
      const result = await importRates(serviceId, file);
      message.success(
        <span data-testid="rates-imported">
          {t('carriers.rates.imported', { rows: result.rows, zones: result.zones.length })}
        </span>,
      );
      await queryClient.invalidateQueries({ queryKey: ['serviceRates', serviceId] });
    } catch (error) {
      const sheet = sheetErrorsOf(error);
      if (sheet) setErrors(sheet);
      else setFailure(error instanceof ApiError ? error.message : t('request.error'));
    } finally {
      setImporting(false);
    }
  };

  const columns: TableColumnsType<GridRow> = [
    {
      title: t('carriers.rates.weight'),
      dataIndex: 'maxOz',
      fixed: 'left',
      width: 110,
      render: (maxOz: number) => <Typography.Text strong>≤ {weightLabel(maxOz)}</Typography.Text>,
    },
    ...zones.map((zone) => ({
      title: t('carriers.zoneN', { zone }),
      key: `zone-${zone}`,
      align: 'right' as const,
      width: 96,
      render: (_value: unknown, row: GridRow) =>
        row.prices[zone] !== undefined ? (
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>${row.prices[zone]}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    })),
  ];

  return (
    <div data-testid="rate-table-panel">
      <Space wrap style={{ marginBottom: 12 }}>
        <Upload
          accept=".xlsx,.csv"
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button type="primary" icon={<UploadOutlined />} loading={importing} data-testid="rates-import">
            {t('carriers.rates.import')}
          </Button>
        </Upload>
        <Typography.Text type="secondary">{t('carriers.rates.formatHint')}</Typography.Text>
      </Space>
      {errors && (
        <div style={{ marginBottom: 12 }}>
          <SheetErrorTable errors={errors} title={t('carriers.rates.refused', { count: errors.length })} />
        </div>
      )}
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 12 }} />}
      {rows.length === 0 && !rates.isFetching ? (
        <Empty description={t('carriers.rates.empty')} data-testid="rates-empty" />
      ) : (
        <div data-testid="rates-grid">
          <Table<GridRow>
            size="small"
            bordered
            rowKey="maxOz"
            loading={rates.isFetching}
            columns={columns}
            dataSource={rows}
            scroll={{ x: 110 + zones.length * 96, y: 480 }}
            pagination={false}
            onRow={(row) => ({ 'data-testid': `rates-row-${row.maxOz}` }) as React.HTMLAttributes<HTMLElement>}
          />
        </div>
      )}
    </div>
  );
}
