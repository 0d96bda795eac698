import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Select, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billReconciliation, type ReconciliationView } from '../../api/bills';
import { allChannels } from '../../api/channels';
import { ChartCard } from '../../components/charts/ChartCard';
import type { ChartOption } from '../../components/charts/EChart';
import { PeriodPicker, usePeriod } from '../../components/charts/PeriodPicker';
import { Money } from '../../components/Money';

type Day = ReconciliationView['days'][number];
const MONEY_FIGURES = [
  'cost',
  'charged',
  'adjustments',
  'credits',
  'merchantCharged',
  'merchantRefunded',
  'owed',
  'margin',
] as const;

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

/** What the channel's bills leave unexplained: the goal is nothing. */
function Unexplained({ figures }: { figures: ReconciliationView['unexplained'] }) {
  const { t } = useTranslation();
  const left = [
    figures.unmatchedLines > 0 &&
      t('reconciliation.unmatched', { count: figures.unmatchedLines, amount: figures.unmatched }),
    figures.duplicateLines > 0 &&
      t('reconciliation.duplicates', { count: figures.duplicateLines, amount: figures.duplicates }),
    figures.unpostedLines > 0 &&
      t('reconciliation.unposted', { count: figures.unpostedLines, amount: figures.unposted }),
    figures.openDisputes > 0 && t('reconciliation.openDisputes', { count: figures.openDisputes }),
  ].filter(Boolean) as string[];
  return left.length === 0 ? (
    <Alert
      type="success"
      showIcon
      title={t('reconciliation.nothingUnexplained')}
      data-testid="reconciliation-explained"
    />
  ) : (
    <Alert
      type="warning"
      showIcon
      title={t('reconciliation.unexplainedTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {left.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
      data-testid="reconciliation-unexplained"
    />
  );
}

/**
 * A channel's daily reconciliation (docs/bills.md): its labels by the day they were bought against its
 * posted bill lines, the margin per day, and what its bills leave unexplained.
 */
export function BillReconciliation() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod(30);
  const [chosen, setChosen] = useState<number | undefined>();
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: allChannels });
  const channelId = chosen ?? channels.data?.[0]?.id;
  const figures = useQuery({
    queryKey: ['billReconciliation', channelId, period.from, period.to],
    queryFn: () => billReconciliation({ channelId: channelId as number, ...period }),
    enabled: channelId !== undefined,
  });
  const names = useMemo(
    () => ({ margin: t('reconciliation.margin'), adjustments: t('bills.adjustments'), credits: t('bills.credits') }),
    [t],
  );
  const days = figures.data?.days ?? [];
  const option = useMemo(() => reconciliationOption(days, names), [days, names]);
  const columns: TableColumnsType<Day> = [
    { title: t('charts.day'), dataIndex: 'day', width: 110, fixed: 'left' },
    { title: t('charts.labels'), dataIndex: 'labels', width: 80, align: 'right' },
    ...MONEY_FIGURES.map((key) => ({
      title: t(`reconciliation.${key}`),
      dataIndex: key,
      width: 120,
      align: 'right' as const,
      render: (value: string) => <Money amount={value} currency="USD" />,
    })),
    { title: t('reconciliation.notBilled'), dataIndex: 'notBilled', width: 100, align: 'right' },
  ];

  return (
    <div data-testid="bill-reconciliation">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<number>
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 220 }}
          value={channelId}
          onChange={setChosen}
          options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
          data-testid="reconciliation-channel"
        />
        <PeriodPicker value={period} onChange={setPeriod} testId="reconciliation-period" />
      </Space>
      {figures.data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Unexplained figures={figures.data.unexplained} />
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} data-testid="reconciliation-totals">
            <Descriptions.Item label={t('charts.labels')}>{figures.data.totals.labels}</Descriptions.Item>
            {MONEY_FIGURES.map((key) => (
              <Descriptions.Item key={key} label={t(`reconciliation.${key}`)}>
                <span data-testid={`reconciliation-total-${key}`}>
                  <Money amount={figures.data.totals[key]} currency="USD" />
                </span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('reconciliation.notBilled')}>{figures.data.totals.notBilled}</Descriptions.Item>
          </Descriptions>
          <ChartCard
            title={t('reconciliation.chartTitle')}
            option={option}
            loading={figures.isFetching}
            testId="reconciliation-chart"
            table={
              <Table<Day>
                rowKey="day"
                size="small"
                columns={columns}
                dataSource={days}
                pagination={false}
                scroll={{ x: 'max-content', y: 360 }}
                data-testid="reconciliation-days"
              />
            }
          />
        </Space>
      ) : null}
    </div>
  );
}
