import { CheckCircleOutlined } from '@ant-design/icons';
import { BILL_LINE_KINDS, type BillLineKind } from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Col,
  Descriptions,
  Input,
  Popconfirm,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type BillLineView, type BillView, billLines, getBill, postBill } from '../../api/bills';
import { Money } from '../../components/Money';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownName } from '../../i18n';
import { stackedTitle } from '../orders/orderColumns';
import { OrderDetailDrawer } from '../orders/staff/OrderDetailDrawer';
import { billTime, DISPUTE_COLORS, evidenceColumns, Versus, weightText } from './billEvidence';
import { VoidedLineDecision } from './VoidedLineDecision';

export const KIND_COLORS: Record<BillLineKind, string> = {
  matches: 'default',
  adjustment: 'volcano',
  credit: 'green',
  duplicate: 'purple',
  unmatched: 'gold',
  voided: 'magenta',
};

const money = (value: string | null) => (value === null ? '—' : <Money amount={value} />);

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

/** The bill's kinds as coloured tags with their counts; `compact` leaves out the kinds it has none of. */
export function KindCounts({
  bill,
  testIds = false,
  compact = false,
}: {
  bill: BillView;
  testIds?: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const kinds = compact ? BILL_LINE_KINDS.filter((kind) => bill.counts[kind] > 0) : BILL_LINE_KINDS;
  return (
    <Space size={[4, 4]} wrap>
      {kinds.map((kind) => (
        <Tag
          key={kind}
          color={bill.counts[kind] > 0 ? KIND_COLORS[kind] : 'default'}
          data-testid={testIds ? `bill-count-${kind}` : undefined}
          style={{ marginInlineEnd: 0 }}
        >
          {t(`bills.kind.${kind}`)} {bill.counts[kind]}
        </Tag>
      ))}
    </Space>
  );
}

export function StatusTag({ status }: { status: BillView['status'] }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'posted' ? 'success' : 'processing'} data-testid="bill-status">
      {t(`bills.status.${status}`)}
    </Tag>
  );
}

/** The bill's figures: what it says, what the carrier billed beyond or below, what posting did. */
function BillSummary({ bill, uploadedBefore }: { bill: BillView; uploadedBefore?: boolean }) {
  const { t } = useTranslation();
  const figure = (key: string, title: string, value: string, extra?: ReactNode) => (
    <Col xs={12} md={8} xl={4} key={key}>
      <Statistic
        title={title}
        value={value}
        formatter={() => <Money amount={value} />}
        data-testid={`bill-${key}`}
        suffix={extra}
      />
    </Col>
  );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="bill-summary">
      {uploadedBefore && (
        <Alert type="info" showIcon title={t('bills.uploadedBefore')} data-testid="bill-uploaded-before" />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 3 }}
        items={[
          { key: 'file', label: t('bills.file'), children: <span data-testid="bill-file-name">{bill.fileName}</span> },
          { key: 'channel', label: t('bills.channel'), children: shownName(bill.channelName) },
          { key: 'status', label: t('bills.statusLabel'), children: <StatusTag status={bill.status} /> },
          {
            key: 'preset',
            label: t('bills.preset'),
            children: `${t(`bills.presets.${bill.preset}`)} · ${t(`bills.amountKinds.${bill.amountKind}`)}`,
          },
          { key: 'created', label: t('bills.created'), children: `${bill.createdBy} ${billTime(bill.createdAt)}` },
          {
            key: 'posted',
            label: t('bills.posted'),
            children: bill.postedAt ? `${bill.postedBy ?? ''} ${billTime(bill.postedAt)}` : '—',
          },
          {
            key: 'lines',
            label: t('bills.lineCount', { count: bill.lines }),
            span: { xs: 1, md: 2, xl: 3 },
            children: <KindCounts bill={bill} testIds />,
          },
        ]}
      />
      <Row gutter={[16, 8]}>
        {figure('adjustments', t('bills.adjustments'), bill.adjustments)}
        {figure('credits', t('bills.credits'), bill.credits)}
        {figure('charged', t('bills.charged'), bill.charged)}
        {figure('refunded', t('bills.refunded'), bill.refunded)}
        {figure('owed', t('bills.owed'), bill.owed)}
      </Row>
      {bill.errors.length > 0 && (
        <Space orientation="vertical" size={8} style={{ width: '100%' }}>
          <Alert type="error" showIcon title={t('bills.errorsTitle', { count: bill.errors.length })} />
          <Table
            rowKey={(error) => `${error.row}:${error.column}:${error.message}`}
            size="small"
            dataSource={bill.errors}
            data-testid="bill-errors"
            pagination={bill.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
            columns={[
              { title: t('bills.errors.row'), dataIndex: 'row', width: 80 },
              { title: t('bills.errors.column'), dataIndex: 'column', width: 220 },
              {
                title: t('bills.errors.reason'),
                dataIndex: 'message',
                render: (message: string) => <Typography.Text type="danger">{message}</Typography.Text>,
              },
            ]}
          />
        </Space>
      )}
    </Space>
  );
}

/** The bill's lines, by kind (with their counts) and tracking number, paged by the server. */
function BillLines({ bill }: { bill: BillView }) {
  const { t } = useTranslation();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [kind, setKind] = useState<BillLineKind | 'all'>('all');
  const [trackingNo, setTrackingNo] = useState('');
  const [orderId, setOrderId] = useState<number | null>(null);
  const lines = useQuery({
    queryKey: ['billLines', bill.id, bill.status, kind, trackingNo, page, pageSize],
    queryFn: () =>
      billLines(bill.id, {
        page,
        pageSize,
        kind: kind === 'all' ? undefined : kind,
        trackingNo: trackingNo || undefined,
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
            '—'
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
            billed={row.billedOz === null ? '—' : weightText(row.billedOz)}
          />
          <Versus declared={row.declaredSize || '—'} billed={row.billedSize} />
          {(row.declaredZone !== null || row.billedZone) && (
            <span>
              {t('bills.line.zone')}{' '}
              <Versus declared={row.declaredZone === null ? '—' : String(row.declaredZone)} billed={row.billedZone} />
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
      render: (_value, row) => causeText(row) || '—',
    },
    {
      title: t('bills.line.reason'),
      dataIndex: 'reason',
      width: 180,
      hidden: true,
      ellipsis: { showTitle: false },
      render: (value: string) => (
        <Tooltip title={value || undefined} placement="topLeft">
          {value || '—'}
        </Tooltip>
      ),
    },
    {
      title: t('bills.line.customer'),
      dataIndex: 'customer',
      width: 200,
      hidden: true,
      ellipsis: true,
      render: (value: string | null) => value ?? '—',
    },
    ...evidenceColumns<BillLineView>(t).map((column) => ({ ...column, hidden: true })),
    {
      title: t('bills.line.zone'),
      key: 'zone',
      width: 90,
      hidden: true,
      render: (_value, row) => (
        <Versus declared={row.declaredZone === null ? '—' : String(row.declaredZone)} billed={row.billedZone} />
      ),
    },
    {
      title: t('bills.line.dispute'),
      dataIndex: 'dispute',
      width: 110,
      hidden: true,
      render: (_value, row) => disputeTag(row) ?? '—',
    },
    {
      title: t('bills.line.duplicateOf'),
      dataIndex: 'duplicateOf',
      width: 130,
      hidden: true,
      render: (_value, row) => duplicateOfText(row) || '—',
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

/**
 * One bill: its summary, the post button and its lines. Shown by the import's preview (with the preview's
 * answer) and by the list's detail; posting updates the figures and the lines in both.
 */
export function BillPanel({ billId, preview }: { billId: number; preview?: BillView & { uploadedBefore?: boolean } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bill = useQuery({
    queryKey: ['bill', billId],
    queryFn: () => getBill(billId),
    initialData: preview,
  });
  const post = useMutation({
    mutationFn: () => postBill(billId),
    onSuccess: (posted) => {
      queryClient.setQueryData(['bill', billId], posted);
      void queryClient.invalidateQueries({ queryKey: ['bills'] });
      void queryClient.invalidateQueries({ queryKey: ['billLines', billId] });
    },
  });
  const shown = bill.data;
  if (!shown) return null;
  const blocked = shown.status === 'posted' || shown.errors.length > 0;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="bill-panel">
      <BillSummary bill={shown} uploadedBefore={preview?.uploadedBefore} />
      <Space wrap>
        <Popconfirm
          title={t('bills.postConfirmTitle')}
          description={<div style={{ maxWidth: 360 }}>{t('bills.postConfirm')}</div>}
          okText={t('bills.post')}
          cancelText={t('common.cancel')}
          // The refusal (409 with unreadable rows) is shown by the request's message.
          onConfirm={() => post.mutateAsync().catch(() => undefined)}
          disabled={blocked}
          okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
        >
          <Button
            type="primary"
            icon={<CheckCircleOutlined />}
            disabled={blocked}
            loading={post.isPending}
            data-testid="bill-post"
          >
            {shown.status === 'posted' ? t('bills.status.posted') : t('bills.post')}
          </Button>
        </Popconfirm>
        <Typography.Text type="secondary">
          {shown.status === 'posted'
            ? t('bills.postedHint')
            : shown.errors.length > 0
              ? t('bills.fixErrorsHint')
              : t('bills.previewHint')}
        </Typography.Text>
      </Space>
      <BillLines bill={shown} />
    </Space>
  );
}
