import { WALLETS, type WalletCurrency } from '@parcelport/shared';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as reportsContracts from '@parcelport/shared/contracts/reports/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Drawer, Row, Segmented, Space, Statistic, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type Period, STATISTICS_EXPORT, type StatisticsPeriod } from '../../api/reports';
import { ChartCard } from '../../components/charts/ChartCard';
import { DailyFigures } from '../../components/charts/DailyFigures';
import type { ChartOption } from '../../components/charts/EChart';
import { PeriodPicker, usePeriod } from '../../components/charts/PeriodPicker';
import {
  ChannelPicker,
  ReconciliationChart,
  useChannelReconciliation,
} from '../../components/charts/ReconciliationChart';
import { ExportButton } from '../../components/ExportButton';
import { Money } from '../../components/Money';
import { useSessionStore } from '../../stores/session';
import { mayReadBills } from '../bills';

type SellerDay = AnswerOf<typeof reportsContracts.dailyAmountBySeller>[number];
type SellerRow = AnswerOf<typeof reportsContracts.sellerPerformanceStatistics>[number];
type CustomerDay = AnswerOf<typeof reportsContracts.sellerUserDayStatistics>[number];

/**
 * A table of figures per day and something (a seller, a customer): its day, the `who` column, then labels
 * and sales in the row's wallet currency, twenty rows a page.
 */
function DayTable<Row extends { day: string; currency: string; labels: number; sales: string }>({
  rows,
  who,
  rowKey,
  loading,
  testId,
}: {
  rows: Row[];
  who: { title: string; render: (row: Row) => string };
  rowKey: (row: Row) => string;
  loading?: boolean;
  testId: string;
}) {
  const { t } = useTranslation();
  const currency = rows[0]?.currency ?? 'USD';
  return (
    <Table<Row>
      rowKey={rowKey}
      size="small"
      loading={loading}
      dataSource={rows}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      data-testid={testId}
      columns={[
        { title: t('charts.day'), dataIndex: 'day', width: 120 },
        { title: who.title, key: 'who', ellipsis: true, render: (_v, row) => who.render(row) },
        { title: t('charts.labels'), dataIndex: 'labels', align: 'right', width: 90 },
        {
          title: t('financialReport.sales', { currency }),
          dataIndex: 'sales',
          align: 'right',
          width: 120,
          render: (value: string, row) => <Money amount={value} currency={row.currency} />,
        },
      ]}
    />
  );
}

/** Sales per day (in one wallet currency) stacked by seller, the platform's own customers as one more stack. */
function bySellerOption(rows: SellerDay[], days: string[], ownName: string, currency: string): ChartOption {
  const sellers = [...new Set(rows.map((row) => row.seller ?? ownName))];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 8, right: 8, top: 36, bottom: 8 },
    xAxis: { type: 'category', data: days.map((day) => day.slice(5)) },
    yAxis: { type: 'value', name: currency },
    series: sellers.map((seller) => ({
      name: seller,
      type: 'bar',
      stack: 'sales',
      data: days.map((day) => {
        const row = rows.find((one) => one.day === day && (one.seller ?? ownName) === seller);
        return row ? Number(row.sales) : 0;
      }),
    })),
  };
}

/** One seller's customers day by day (a drawer over the sellers' table). */
function SellerCustomers({
  seller,
  period,
  onClose,
}: {
  seller?: SellerRow;
  period: StatisticsPeriod;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const days = useQuery({
    queryKey: ['statistics', 'sellerCustomers', seller?.sellerId, period],
    queryFn: () => call(reportsContracts.sellerUserDayStatistics, { body: { ...period, sellerId: seller?.sellerId } }),
    enabled: seller !== undefined,
  });
  return (
    <Drawer
      open={seller !== undefined}
      onClose={onClose}
      size={640}
      title={t('financialReport.customersOf', { seller: seller?.seller ?? '' })}
    >
      <DayTable<CustomerDay>
        rows={days.data ?? []}
        who={{ title: t('financialReport.customer'), render: (row) => row.username }}
        rowKey={(row) => `${row.day}-${row.userId}`}
        loading={days.isPending}
        testId="seller-customers-table"
      />
    </Drawer>
  );
}

/** A channel's margin and carrier adjustments per day over the report's period (docs/bills.md). */
function BillsReconciliation({ period }: { period: Period }) {
  const { figures, loading, picker } = useChannelReconciliation(period);
  return (
    <ReconciliationChart
      days={figures.data?.days ?? []}
      loading={loading}
      extra={<ChannelPicker {...picker} testId="financial-reconciliation-channel" />}
      testId="financial-reconciliation"
    />
  );
}

/**
 * /adminSettings/financialCostChart (adminList): the period's labels, sales, buying customers and refunds;
 * sales per day, and per day and seller; each seller's performance, its customers a click away; the whole
 * as a workbook. Amounts are per wallet currency: a picker (the currencies with labels or refunds in the
 * period, USD first) chooses the one every figure, chart and table shows; the workbook holds every currency,
 * each row naming its wallet. A seller sees its own customers' figures only (the server scopes every call).
 * Platform-wide staff holding the maintenance code also see the carrier bills' reconciliation of a channel.
 */
export default function FinancialReport() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const [currency, setCurrency] = useState<WalletCurrency>('USD');
  const asked: StatisticsPeriod = useMemo(() => ({ ...period, currency }), [period, currency]);
  const [openSeller, setOpenSeller] = useState<SellerRow>();
  const reconciles = mayReadBills(useSessionStore((state) => state.userInfo));
  const read = <T,>(name: string, fn: (period: StatisticsPeriod) => Promise<T>) => ({
    queryKey: ['statistics', name, asked],
    queryFn: () => fn(asked),
    placeholderData: keepPreviousData,
  });
  const totals = useQuery(read('totals', (body) => call(reportsContracts.salesAndOrders, { body })));
  const daily = useQuery(read('daily', (body) => call(reportsContracts.dailyOrderQuantity, { body })));
  const bySeller = useQuery(read('bySeller', (body) => call(reportsContracts.dailyAmountBySeller, { body })));
  const sellers = useQuery(read('sellers', (body) => call(reportsContracts.sellerPerformanceStatistics, { body })));
  const ownName = t('financialReport.platformCustomers');
  const days = useMemo(() => (daily.data ?? []).map((row) => row.day), [daily.data]);
  const sellerOption = useMemo(
    () => bySellerOption(bySeller.data ?? [], days, ownName, currency),
    [bySeller.data, days, ownName, currency],
  );
  // The wallets with figures in the period, and the one chosen even when the period has none of it.
  const present = new Set<string>([...(totals.data?.currencies ?? []), currency]);
  const currencies = WALLETS.filter((one) => present.has(one));
  const shown = totals.data?.currency ?? currency;

  const figures = [
    { key: 'labels', value: totals.data?.labels },
    { key: 'sales', value: totals.data && <Money amount={totals.data.sales} currency={shown} /> },
    { key: 'customers', value: totals.data?.customers },
    { key: 'refunds', value: totals.data && <Money amount={totals.data.refunds} currency={shown} /> },
  ] as const;

  return (
    <div data-testid="financial-report-page">
      <Card style={{ marginBottom: 16 }}>
        <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Text type="secondary">{t('financialReport.intro')}</Typography.Text>
          <Space wrap>
            <Space size={4}>
              <Typography.Text type="secondary">{t('financialReport.wallet')}</Typography.Text>
              <Segmented<WalletCurrency>
                value={currency}
                onChange={setCurrency}
                options={currencies.map((one) => ({ value: one, label: one }))}
                data-testid="financial-currency"
              />
            </Space>
            <PeriodPicker value={period} onChange={setPeriod} testId="financial-period" />
            <ExportButton
              url={STATISTICS_EXPORT}
              params={{ ...period }}
              filename={`statistics-${period.from}-${period.to}.xlsx`}
              testId="financial-export"
            />
          </Space>
        </Space>
      </Card>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {figures.map(({ key, value }) => (
          <Col xs={12} lg={6} key={key}>
            <Card size="small" loading={totals.isPending}>
              <Statistic
                title={t(`financialReport.${key}`, { currency: shown })}
                valueRender={() => <span data-testid={`financial-${key}`}>{value}</span>}
              />
            </Card>
          </Col>
        ))}
      </Row>
      <DailyFigures
        title={t('financialReport.daily')}
        days={daily.data ?? []}
        loading={daily.isPending}
        testId="financial-daily"
        salesName={t('financialReport.sales', { currency: shown })}
        currency={shown}
      />
      <ChartCard
        title={t('financialReport.bySeller')}
        option={sellerOption}
        loading={bySeller.isPending}
        testId="financial-by-seller"
        table={
          <DayTable<SellerDay>
            rows={bySeller.data ?? []}
            who={{ title: t('financialReport.seller'), render: (row) => row.seller ?? ownName }}
            rowKey={(row) => `${row.day}-${row.sellerId ?? 0}`}
            testId="financial-by-seller-table"
          />
        }
      />
      {reconciles && <BillsReconciliation period={period} />}
      <Card title={t('financialReport.sellers')} data-testid="financial-sellers">
        <Table<SellerRow>
          rowKey="sellerId"
          size="small"
          loading={sellers.isPending}
          dataSource={sellers.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          scroll={{ x: 640 }}
          columns={[
            {
              title: t('financialReport.seller'),
              dataIndex: 'seller',
              render: (name: string, row) => (
                <Typography.Link onClick={() => setOpenSeller(row)} data-testid="financial-seller-link">
                  {name}
                </Typography.Link>
              ),
            },
            { title: t('financialReport.registered'), dataIndex: 'customers', align: 'right' },
            { title: t('financialReport.customers'), dataIndex: 'activeCustomers', align: 'right' },
            { title: t('charts.labels'), dataIndex: 'labels', align: 'right' },
            {
              title: t('financialReport.sales', { currency: shown }),
              dataIndex: 'sales',
              align: 'right',
              render: (value: string, row) => <Money amount={value} currency={row.currency} />,
            },
          ]}
        />
      </Card>
      <SellerCustomers seller={openSeller} period={asked} onClose={() => setOpenSeller(undefined)} />
    </div>
  );
}
