import { BILL_LINE_KINDS, type BillLineKind, listBillLines } from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Input, Segmented, Space, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillLineView, BillView } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE } from '../../utils/shown';
import { OrderDetailDrawer } from '../orders';
import { DISPUTE_COLORS, evidenceColumns, Versus, weightText } from './billEvidence';
import { KIND_COLORS } from './billTags';
import { VoidedLineDecision } from './VoidedLineDecision';

const money = (value: string | null) => (value === null ? NO_VALUE : <Money amount={value} />);

/** What a line still owes, in red while it owes anything. */
const owedText = (value: string | null) =>
  value !== null && value !== '0.00' ? (
    <Typography.Text type="danger">
      <Money amount={value} />
    </Typography.Text>
  ) : (
    money(value)
  );

/** A column of two figures, one above the other, under its two names. */
function pairOf(
  key: string,
  [first, second]: [string, string],
  figures: (row: BillLineView) => [ReactNode, ReactNode],
): TableColumnsType<BillLineView>[number] {
  return {
    title: stackedTitle(first, second),
    key,
    width: 110,
    align: 'right',
    render: (_value, row) => {
      const [top, bottom] = figures(row);
      return (
        <Space orientation="vertical" size={0}>
          {top}
          <Typography.Text type="secondary">{bottom}</Typography.Text>
        </Space>
      );
    },
  };
}

/** The bill's lines, by kind (with their counts) and tracking number, paged by the server. */
export function BillLines({ bill }: { bill: BillView }) {
  const { t } = useTranslation();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [kind, setKind] = useState<BillLineKind | 'all'>('all');
  const [trackingNo, setTrackingNo] = useState('');
  const [orderId, setOrderId] = useState<number | null>(null);
  const lines = useQuery({
    queryKey: ['billLines', bill.id, bill.status, kind, trackingNo, page, pageSize],
    queryFn: () =>
      call(listBillLines, {
        params: { id: bill.id },
        query: {
          page,
          pageSize,
          kind: kind === 'all' ? undefined : kind,
          trackingNo: trackingNo || undefined,
        },
      }),
    placeholderData: keepPreviousData,
  });

  const causeText = (row: BillLineView) =>
    row.kind === 'adjustment' || row.kind === 'credit' || row.kind === 'voided' ? t(`bills.cause.${row.cause}`) : '';
  // Under the line's kind: why the carrier billed it, or the line it repeats.
  const causeOf = (row: BillLineView) => causeText(row) || duplicateOfText(row);
  const duplicateOfText = (row: BillLineView) =>
    row.duplicateOf
      ? t('bills.line.duplicateOfValue', { bill: row.duplicateOf.split(':')[0], row: row.duplicateOf.split(':')[1] })
      : '';
  // A FedEx later invoice's change: the line of the invoice that billed the whole charge (docs/bills.md).
  const followsText = (row: BillLineView) =>
    row.follows
      ? t('bills.line.followsValue', { bill: row.follows.split(':')[0], row: row.follows.split(':')[1] })
      : '';
  const disputeTag = (row: BillLineView) =>
    row.dispute === 'none' ? null : (
      <Tooltip title={row.disputeAnswer || row.disputeReason || undefined}>
        <Tag color={DISPUTE_COLORS[row.dispute]} data-testid="bill-line-dispute" style={{ marginInlineEnd: 0 }}>
          {t(`bills.dispute.${row.dispute}`)}
        </Tag>
      </Tooltip>
    );
  // Issue 14: the bill's lines fit a 1440 px screen with the menu open: the cause, the dispute, the line it
  // repeats and the voided label's decision under its kind, the customer under the order, declared beside
  // billed as one stack and the figures in pairs; every field keeps its own column in the table settings.
  const voidedDecision = (row: BillLineView) => (row.kind === 'voided' ? <VoidedLineDecision line={row} /> : null);
  const columns: TableColumnsType<BillLineView> = [
    {
      title: t('bills.line.trackingNo'),
      dataIndex: 'trackingNo',
      width: 210,
      fixed: 'left',
      render: (value: string) => <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>,
    },
    {
      title: stackedTitle(t('bills.line.kind'), t('bills.line.cause')),
      dataIndex: 'kind',
      width: 190,
      render: (value: BillLineKind, row) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <Tag color={KIND_COLORS[value]} data-testid="bill-line-kind" style={{ marginInlineEnd: 0 }}>
              {t(`bills.kind.${value}`)}
            </Tag>
            {disputeTag(row)}
          </Space>
          {causeOf(row) && (
            <Tooltip title={row.reason || undefined} placement="topLeft">
              <Typography.Text type="secondary">{causeOf(row)}</Typography.Text>
            </Tooltip>
          )}
          {row.follows && (
            <Typography.Text type="secondary" data-testid="bill-line-follows">
              {followsText(row)}
            </Typography.Text>
          )}
          {voidedDecision(row)}
        </Space>
      ),
    },
    {
      title: stackedTitle(t('bills.line.orderNo'), t('bills.line.customer')),
      dataIndex: 'orderNo',
      width: 170,
      render: (value: string | null, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          {value && row.orderId !== null ? (
            <Typography.Link onClick={() => setOrderId(row.orderId)} data-testid="bill-line-order">
              {value}
            </Typography.Link>
          ) : (
            NO_VALUE
          )}
          {row.customer && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.customer }} style={{ maxWidth: 146 }}>
              {row.customer}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: stackedTitle(t('bills.line.weight'), t('bills.line.size')),
      key: 'evidence',
      width: 200,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <Versus
            declared={weightText(row.declaredOz)}
            billed={row.billedOz === null ? NO_VALUE : weightText(row.billedOz)}
          />
          <Versus declared={row.declaredSize || NO_VALUE} billed={row.billedSize} />
          {(row.declaredZone !== null || row.billedZone) && (
            <span>
              {t('bills.line.zone')}{' '}
              <Versus
                declared={row.declaredZone === null ? NO_VALUE : String(row.declaredZone)}
                billed={row.billedZone}
              />
            </span>
          )}
        </Space>
      ),
    },
    pairOf('amounts', [t('bills.line.amount'), t('bills.line.costChange')], (row) => [
      money(row.amount),
      money(row.costChange),
    ]),
    pairOf('merchant', [t('bills.line.merchantChange'), t('bills.line.penalty')], (row) => [
      <span key="change" data-testid="bill-line-merchant-change">
        {money(row.merchantChange)}
      </span>,
      <span key="penalty" data-testid="bill-line-penalty">
        {money(row.penalty)}
      </span>,
    ]),
    pairOf('settled', [t('bills.line.taken'), t('bills.line.owed')], (row) => [money(row.taken), owedText(row.owed)]),
    // Offered in the table settings.
    { title: t('bills.line.row'), dataIndex: 'row', width: 64, hidden: true },
    {
      title: t('bills.line.cause'),
      dataIndex: 'cause',
      width: 150,
      hidden: true,
      render: (_value, row) => causeText(row) || NO_VALUE,
    },
    {
      title: t('bills.line.reason'),
      dataIndex: 'reason',
      width: 180,
      hidden: true,
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value || undefined} placement="topLeft">
          {value || NO_VALUE}
        </Tooltip>
      ),
    },
    {
      title: t('bills.line.customer'),
      dataIndex: 'customer',
      width: 200,
      hidden: true,
      ellipsis: true,
      render: (value: string | null) => value ?? NO_VALUE,
    },
    ...evidenceColumns<BillLineView>(t).map((column) => ({ ...column, hidden: true })),
    {
      title: t('bills.line.zone'),
      key: 'zone',
      width: 90,
      hidden: true,
      render: (_value, row) => (
        <Versus declared={row.declaredZone === null ? NO_VALUE : String(row.declaredZone)} billed={row.billedZone} />
      ),
    },
    {
      title: t('bills.line.dispute'),
      dataIndex: 'dispute',
      width: 110,
      hidden: true,
      render: (_value, row) => disputeTag(row) ?? NO_VALUE,
    },
    {
      title: t('bills.line.duplicateOf'),
      dataIndex: 'duplicateOf',
      width: 130,
      hidden: true,
      render: (_value, row) => duplicateOfText(row) || NO_VALUE,
    },
  ];

  const total = BILL_LINE_KINDS.reduce((sum, each) => sum + bill.counts[each], 0);
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented<BillLineKind | 'all'>
          value={kind}
          onChange={(value) => {
            setKind(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: <span data-testid="bill-kind-all">{t('bills.allKinds', { count: total })}</span> },
            ...BILL_LINE_KINDS.map((each) => ({
              value: each,
              label: (
                <span data-testid={`bill-kind-${each}`}>
                  {t(`bills.kind.${each}`)} {bill.counts[each]}
                </span>
              ),
            })),
          ]}
          data-testid="bill-kind-filter"
        />
        <Input.Search
          allowClear
          placeholder={t('bills.searchTracking')}
          style={{ width: 260 }}
          onSearch={(value) => {
            setTrackingNo(value.replace(/\s+/g, '').toUpperCase());
            setPage(1);
          }}
          data-testid="bill-line-search"
        />
      </Space>
      <ArrangedTable<BillLineView>
        list="billLines"
        rowKey="id"
        columns={columns}
        dataSource={lines.data?.list ?? []}
        loading={lines.isFetching}
        data-testid="bill-lines"
        onRow={(row) =>
          ({
            'data-testid': 'bill-line-row',
            'data-row': row.row,
            'data-kind': row.kind,
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(lines.data?.total ?? 0)}
      />
      <OrderDetailDrawer orderId={orderId} onClose={() => setOrderId(null)} />
    </Space>
  );
}
