import type { BillReportStatus } from '@parcelport/shared/contracts/bills/index';
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillReportView } from '../../api/bills';
import { call } from '../../api/call';
import { stackedTitle } from '../../components/orderColumns';
import { SectionTitle } from '../../components/SectionTitle';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { ChannelUnder, idAndChannelColumns } from './billColumns';

const STATUS_COLORS: Record<BillReportStatus, string> = {
  requested: 'processing',
  previewed: 'success',
  empty: 'default',
  failed: 'error',
};

/** How often the list asks again while a carrier is still making a bill. */
export const REPORTS_REFRESH_MS = 3000;

/**
 * The bills asked of the carriers (BillReportAsk), newest first, of the channel chosen or of all: their days,
 * how far each got, and for one read into a bill, the way to open it (`onOpenBill`, as the bills list opens
 * one). While a carrier is still making one the list asks again every few seconds, and the bills list is
 * reloaded once one has become a bill. Nothing shows until some bill was asked.
 */
export function BillReports({ channelId, onOpenBill }: { channelId?: number; onOpenBill: (billId: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, pageSize, pagination } = usePaging();
  const reports = useQuery({
    queryKey: ['billReports', page, pageSize, channelId],
    queryFn: () => call(billsContracts.listBillReports, { query: { page, pageSize, channelId } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((report) => report.status === 'requested') ? REPORTS_REFRESH_MS : false,
  });

  // The reports seen still being made: one of them turned into a bill puts a new bill in the bills list.
  const making = useRef(new Set<number>());
  useEffect(() => {
    const list = reports.data?.list ?? [];
    const done = list.some((report) => report.status === 'previewed' && making.current.has(report.id));
    making.current = new Set(list.filter((report) => report.status === 'requested').map((report) => report.id));
    if (done) void queryClient.invalidateQueries({ queryKey: ['bills'] });
  }, [reports.data, queryClient]);

  if (!reports.data?.total) return null;

  const columns: TableColumnsType<BillReportView> = [
    {
      title: stackedTitle(t('bills.reports.span'), t('bills.channel')),
      key: 'span',
      width: 220,
      render: (_value, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          <span style={{ whiteSpace: 'nowrap' }}>{t('bills.reports.spanValue', { from: row.from, to: row.to })}</span>
          <ChannelUnder name={row.channelName} />
        </Space>
      ),
    },
    ...idAndChannelColumns<BillReportView>(t),
    {
      title: t('bills.statusLabel'),
      dataIndex: 'status',
      width: 130,
      render: (status: BillReportStatus) => (
        <Tag color={STATUS_COLORS[status]} data-testid="bill-report-status">
          {t(`bills.reports.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('bills.reports.message'),
      dataIndex: 'message',
      width: 320,
      ellipsis: { showTitle: true },
      render: (text: string) => text || NO_VALUE,
    },
    {
      title: t('bills.reports.requested'),
      key: 'requested',
      width: 170,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <span style={{ whiteSpace: 'nowrap' }}>{shownMinute(row.requestedAt)}</span>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 146 }}>
            {row.requestedBy}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('bills.reports.updated'),
      key: 'updated',
      width: 150,
      hidden: true,
      render: (_v, row) => shownMinute(row.updatedAt),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_value, row) =>
        row.status === 'previewed' && row.billId !== null ? (
          <Typography.Link onClick={() => onOpenBill(row.billId as number)} data-testid="bill-report-open">
            {t('bills.reports.openBill')}
          </Typography.Link>
        ) : null,
    },
  ];

  return (
    <div data-testid="bill-reports">
      <SectionTitle>{t('bills.reports.title')}</SectionTitle>
      <ArrangedTable<BillReportView>
        list="billReports"
        rowKey="id"
        columns={columns}
        dataSource={reports.data.list}
        data-testid="bill-reports-table"
        onRow={(row) => ({ 'data-testid': `bill-report-row-${row.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(reports.data.total)}
      />
    </div>
  );
}
