import { Table } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Money } from '../Money';
import { ChartCard } from './ChartCard';
import type { ChartOption } from './EChart';

export interface DayFigures {
  day: string;
  labels: number;
  /** In the figures' wallet currency, as the server writes money ("12.34"). */
  sales: string;
}

/**
 * The days' spend in their currency (bars, left axis) and their labels (a line, right axis); the labels alone
 * (names.sales null) for a person not shown money.
 */
function dailyOption(
  days: DayFigures[],
  names: { sales: string | null; labels: string },
  currency: string,
): ChartOption {
  const labels = { name: names.labels, type: 'line' as const, data: days.map((row) => row.labels) };
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 8, right: 8, top: 36, bottom: 8 },
    xAxis: { type: 'category', data: days.map((row) => row.day.slice(5)) },
    ...(names.sales === null
      ? { yAxis: { type: 'value', name: names.labels, minInterval: 1 }, series: [labels] }
      : {
          yAxis: [
            { type: 'value', name: currency },
            { type: 'value', name: names.labels, minInterval: 1, splitLine: { show: false } },
          ],
          series: [
            { name: names.sales, type: 'bar', data: days.map((row) => Number(row.sales)) },
            { ...labels, yAxisIndex: 1 },
          ],
        }),
  };
}

/** A period's labels and spend per day, as a chart or a table. */
export function DailyFigures({
  title,
  days,
  loading,
  extra,
  testId,
  salesName,
  currency = 'USD',
  withoutMoney = false,
}: {
  title: string;
  days: DayFigures[];
  loading?: boolean;
  extra?: ReactNode;
  testId: string;
  /** What the money is called: a merchant's spend (the default), or staff's sales. */
  salesName?: string;
  /** The wallet currency of the amounts (USD unless the screen asks for another). */
  currency?: string;
  /** The labels alone: a team member without `money` is not told the spend (issue 30). */
  withoutMoney?: boolean;
}) {
  const { t } = useTranslation();
  const sales = withoutMoney ? null : (salesName ?? t('charts.spend'));
  const labels = t('charts.labels');
  const option = useMemo(() => dailyOption(days, { sales, labels }, currency), [days, sales, labels, currency]);
  return (
    <ChartCard
      title={title}
      option={option}
      loading={loading}
      extra={extra}
      testId={testId}
      table={
        <Table<DayFigures>
          rowKey="day"
          size="small"
          dataSource={days}
          pagination={false}
          scroll={{ y: 300 }}
          data-testid={`${testId}-table`}
          columns={[
            { title: t('charts.day'), dataIndex: 'day' },
            { title: labels, dataIndex: 'labels', align: 'right' },
            ...(sales === null
              ? []
              : [
                  {
                    title: sales,
                    dataIndex: 'sales',
                    align: 'right' as const,
                    render: (value: string) => <Money amount={value} currency={currency} />,
                  },
                ]),
          ]}
        />
      }
    />
  );
}
