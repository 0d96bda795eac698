import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useQuery } from '@tanstack/react-query';
import { Select, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReconciliationView } from '../../api/bills';
import { call } from '../../api/call';
import type { Period } from '../../api/reports';
import { shownName } from '../../i18n';
import { Money } from '../Money';
import { ChartCard } from './ChartCard';
import type { ChartOption } from './EChart';

/**
 * A channel's daily reconciliation (docs/bills.md) as the maintenance screen's tab and the financial report
 * show it: the channel picked, and its days as a chart or a table.
 */

type Day = ReconciliationView['days'][number];

/** The reconciliation's money figures, in the order the days' table and the totals list them. */
export const RECONCILED_MONEY = [
  'cost',
  'charged',
  'adjustments',
  'credits',
  'merchantCharged',
  'merchantRefunded',
  'owed',
  'margin',
] as const;

/**
 * The reconciliation of the channel chosen (every channel offered, the first until one is chosen) over the
 * period: the figures, and what the channel picker takes.
 */
export function useChannelReconciliation(period: Period) {
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: () => call(channelsContracts.allChannels, {}) });
  const [chosen, setChosen] = useState<number | undefined>();
  const channelId = chosen ?? channels.data?.[0]?.id;
  const figures = useQuery({
    queryKey: ['billReconciliation', channelId, period.from, period.to],
    queryFn: () => call(billsContracts.billReconciliation, { query: { channelId: channelId as number, ...period } }),
    enabled: channelId !== undefined,
  });
  return {
    figures,
    loading: channels.isPending || figures.isFetching,
    picker: { channels: channels.data ?? [], value: channelId, onChange: setChosen },
  };
}

export function ChannelPicker({
  channels,
  value,
  onChange,
  testId,
}: ReturnType<typeof useChannelReconciliation>['picker'] & { testId: string }) {
  const { t } = useTranslation();
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 220 }}
      aria-label={t('reconciliation.channelPicker')}
      value={value}
      onChange={onChange}
      options={channels.map((channel) => ({ value: channel.id, label: shownName(channel.name) }))}
      data-testid={testId}
    />
  );
}

/** The margin per day (bars) with what the carrier billed more and credited (lines). */
function reconciliationOption(days: Day[], names: Record<'margin' | 'adjustments' | 'credits', string>): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8 },
    xAxis: { type: 'category', data: days.map((day) => day.day.slice(5)) },
    yAxis: [{ type: 'value', name: 'USD' }],
    series: [
      { name: names.margin, type: 'bar', data: days.map((day) => Number(day.margin)) },
      { name: names.adjustments, type: 'line', data: days.map((day) => Number(day.adjustments)) },
      { name: names.credits, type: 'line', data: days.map((day) => Number(day.credits)) },
    ],
  };
}

/** The days' margin and adjustments as a chart, or every figure of each day as a table. */
export function ReconciliationChart({
  days,
  loading,
  extra,
  testId,
}: {
  days: Day[];
  loading?: boolean;
  extra?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const names = useMemo(
    () => ({ margin: t('reconciliation.margin'), adjustments: t('bills.adjustments'), credits: t('bills.credits') }),
    [t],
  );
  const option = useMemo(() => reconciliationOption(days, names), [days, names]);
  const columns: TableColumnsType<Day> = [
    { title: t('charts.day'), dataIndex: 'day', width: 110, fixed: 'left' },
    { title: t('charts.labels'), dataIndex: 'labels', width: 80, align: 'right' },
    ...RECONCILED_MONEY.map((key) => ({
      title: t(`reconciliation.${key}`),
      dataIndex: key,
      width: 120,
      align: 'right' as const,
      render: (value: string) => <Money amount={value} currency="USD" />,
    })),
    { title: t('reconciliation.notBilled'), dataIndex: 'notBilled', width: 100, align: 'right' },
  ];
  return (
    <ChartCard
      title={t('reconciliation.chartTitle')}
      option={option}
      loading={loading}
      extra={extra}
      testId={testId}
      table={
        <Table<Day>
          rowKey="day"
          size="small"
          columns={columns}
          dataSource={days}
          pagination={false}
          scroll={{ x: 'max-content', y: 360 }}
          data-testid={`${testId}-table`}
        />
      }
    />
  );
}
