import {
  listUnexplainedBillLines,
  UNEXPLAINED_REASONS,
  type UnexplainedReason,
} from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillLineView } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { SectionTitle } from '../../components/SectionTitle';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE } from '../../utils/shown';

/** Why a line is still unexplained, read from the line as the server lists it (the first reason that holds). */
function reasonOf(line: BillLineView): UnexplainedReason {
  if (line.kind === 'unmatched' || line.kind === 'duplicate' || line.kind === 'voided') return line.kind;
  if (line.dispute === 'open') return 'disputed';
  return 'unposted';
}

const REASON_COLORS: Record<UnexplainedReason, string> = {
  unmatched: 'red',
  duplicate: 'orange',
  unposted: 'blue',
  voided: 'purple',
  disputed: 'gold',
};

/**
 * The carrier bill lines left unexplained (docs/bills.md "Daily reconciliation"), line by line, on
 * /maintenance/doubtfulOrderFlow: the goal is none. Each is resolved on the bills screen (post the bill,
 * decide a voided label's line, answer a dispute) or stays as what the carrier billed without a label.
 */
export function UnexplainedBillLines() {
  const { t } = useTranslation();
  const [reason, setReason] = useState<UnexplainedReason | undefined>(undefined);
  const { page, pageSize, setPage, pagination } = usePaging();
  const query = { page, pageSize, ...(reason ? { reason } : {}) };
  const lines = useQuery({
    queryKey: ['bills', 'unexplained', query],
    queryFn: () => call(listUnexplainedBillLines, { query }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<BillLineView> = [
    { title: t('unexplained.bill'), dataIndex: 'billId', width: 90, render: (id: number) => `#${id}` },
    { title: t('unexplained.row'), dataIndex: 'row', width: 70 },
    { title: t('bills.line.trackingNo'), dataIndex: 'trackingNo', width: 220 },
    {
      title: t('unexplained.reason'),
      key: 'reason',
      width: 150,
      render: (_value, line) => {
        const why = reasonOf(line);
        return (
          <Tag color={REASON_COLORS[why]} data-testid="unexplained-reason" data-reason={why}>
            {t(`unexplained.reasons.${why}`)}
          </Tag>
        );
      },
    },
    {
      title: t('unexplained.amount'),
      key: 'amount',
      width: 120,
      render: (_value, line) => (
        <Money amount={line.kind === 'unmatched' || line.kind === 'duplicate' ? line.amount : line.costChange} />
      ),
    },
    {
      title: t('unexplained.order'),
      dataIndex: 'orderNo',
      width: 180,
      render: (value: string | null) => value ?? NO_VALUE,
    },
    // Issue 14: a width of its own, so the list fits a 1440 px screen with the menu open.
    {
      title: t('unexplained.customer'),
      dataIndex: 'customer',
      width: 200,
      ellipsis: true,
      render: (value: string | null) => value ?? NO_VALUE,
    },
  ];
  return (
    <div data-testid="unexplained-lines">
      <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
        <SectionTitle style={{ margin: 0 }}>{t('unexplained.title')}</SectionTitle>
        <Select<UnexplainedReason>
          allowClear
          placeholder={t('unexplained.allReasons')}
          aria-label={t('unexplained.reasonFilter')}
          style={{ width: 220 }}
          value={reason}
          onChange={(value) => {
            setReason(value);
            setPage(1);
          }}
          options={UNEXPLAINED_REASONS.map((value) => ({ value, label: t(`unexplained.reasons.${value}`) }))}
          data-testid="unexplained-reason-filter"
        />
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('unexplained.hint')}
      </Typography.Paragraph>
      <ArrangedTable<BillLineView>
        list="unexplainedBillLines"
        locked="trackingNo"
        rowKey="id"
        columns={columns}
        dataSource={lines.data?.list ?? []}
        loading={lines.isFetching}
        pagination={pagination(lines.data?.total ?? 0)}
        locale={{ emptyText: t('unexplained.none') }}
        onRow={(line) => ({ 'data-testid': `unexplained-line-${line.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
