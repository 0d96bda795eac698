import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Segmented, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillLineView } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { evidenceColumns, Versus, weightText } from './billEvidence';

type State = 'open' | 'accepted' | 'rejected';
type Decision = { line: BillLineView; accept: boolean } | null;

const money = (value: string | null) => (value === null ? NO_VALUE : <Money amount={value} />);

/** Accepting (an answer if staff want one) or rejecting (an answer the merchant reads, required). */
function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ answer: string }>();
  const decide = useMutation({
    mutationFn: ({ answer }: { answer: string }) =>
      decision?.accept
        ? call(billsContracts.acceptBillDispute, { params: { id: decision.line.id }, body: { answer: answer ?? '' } })
        : call(billsContracts.rejectBillDispute, { params: { id: decision?.line.id as number }, body: { answer } }),
    onSuccess: () => {
      message.success(t(decision?.accept ? 'billDisputes.accepted' : 'billDisputes.rejected'));
      form.resetFields();
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['billDisputes'] });
    },
  });
  return (
    <Modal
      open={decision !== null}
      title={t(decision?.accept ? 'billDisputes.acceptTitle' : 'billDisputes.rejectTitle', {
        trackingNo: decision?.line.trackingNo ?? '',
      })}
      okText={t(decision?.accept ? 'billDisputes.accept' : 'billDisputes.reject')}
      okButtonProps={{ danger: !decision?.accept, loading: decide.isPending, 'data-testid': 'dispute-decide' } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t(decision?.accept ? 'billDisputes.acceptHint' : 'billDisputes.rejectHint', {
          taken: decision?.line.taken ?? '0.00',
        })}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => decide.mutate(values)}>
        <Form.Item
          name="answer"
          label={t('billDisputes.answer')}
          rules={
            decision?.accept ? [] : [{ required: true, whitespace: true, message: t('billDisputes.answerRequired') }]
          }
        >
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="dispute-answer" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The merchants' disputes of posted bill lines (docs/bills.md), the open ones first: the evidence beside
 * the merchant's reason, and staff's decision (accepted: what the line took given back; rejected: kept).
 */
export function BillDisputes() {
  const { t } = useTranslation();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [state, setState] = useState<State>('open');
  const [decision, setDecision] = useState<Decision>(null);
  const disputes = useQuery({
    queryKey: ['billDisputes', state, page, pageSize],
    queryFn: () => call(billsContracts.listBillDisputes, { query: { state, page, pageSize } }),
    placeholderData: keepPreviousData,
  });

  // Issue 14: the disputes fit a 1440 px screen with the menu open: the cause under the tracking number, the
  // customer under the order, weight and size declared → billed in one stack, the merchant's change over the
  // penalty, staff's answer under the merchant's reason; each field keeps its own column in the table settings.
  const columns: TableColumnsType<BillLineView> = [
    {
      title: stackedTitle(t('bills.line.trackingNo'), t('bills.line.cause')),
      dataIndex: 'trackingNo',
      width: 210,
      fixed: 'left',
      render: (value: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>
          <Tooltip title={row.reason || undefined} placement="topLeft">
            <Typography.Text type="secondary">{t(`bills.cause.${row.cause}`)}</Typography.Text>
          </Tooltip>
        </Space>
      ),
    },
    {
      title: stackedTitle(t('bills.line.orderNo'), t('bills.line.customer')),
      dataIndex: 'orderNo',
      width: 150,
      render: (value: string | null, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          {value ?? NO_VALUE}
          {row.customer && (
            <Typography.Text type="secondary" ellipsis={{ tooltip: row.customer }} style={{ maxWidth: 126 }}>
              {row.customer}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: stackedTitle(t('bills.line.weight'), t('bills.line.size')),
      key: 'evidence',
      width: 190,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          <Versus
            declared={weightText(row.declaredOz)}
            billed={row.billedOz === null ? NO_VALUE : weightText(row.billedOz)}
          />
          <Versus declared={row.declaredSize || NO_VALUE} billed={row.billedSize} />
        </Space>
      ),
    },
    {
      title: stackedTitle(t('bills.line.merchantChange'), t('bills.line.penalty')),
      key: 'merchant',
      width: 110,
      align: 'right',
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          {money(row.merchantChange)}
          <Typography.Text type="secondary">{money(row.penalty)}</Typography.Text>
        </Space>
      ),
    },
    { title: t('bills.line.taken'), dataIndex: 'taken', width: 90, align: 'right', render: money },
    {
      title:
        state === 'open' ? t('billDisputes.reason') : stackedTitle(t('billDisputes.reason'), t('billDisputes.answer')),
      dataIndex: 'disputeReason',
      width: 220,
      render: (value: string, row) => (
        <>
          <Typography.Paragraph style={{ margin: 0 }}>{value}</Typography.Paragraph>
          {state !== 'open' && row.disputeAnswer && (
            <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
              {row.disputeAnswer}
            </Typography.Paragraph>
          )}
        </>
      ),
    },
    // Offered in the table settings.
    { title: t('bills.line.customer'), dataIndex: 'customer', width: 200, ellipsis: true, hidden: true },
    {
      title: t('bills.line.cause'),
      dataIndex: 'cause',
      width: 130,
      hidden: true,
      render: (value: BillLineView['cause'], row) => (
        <Tooltip title={row.reason || undefined}>{t(`bills.cause.${value}`)}</Tooltip>
      ),
    },
    ...evidenceColumns<BillLineView>(t).map((column) => ({ ...column, hidden: true })),
    { title: t('bills.line.penalty'), dataIndex: 'penalty', width: 100, align: 'right', render: money, hidden: true },
    // When the line was posted shows where the decision's buttons were, once the disputes are decided.
    {
      title: t('billDeductions.postedAt'),
      dataIndex: 'postedAt',
      width: 150,
      render: shownMinute,
      hidden: state === 'open',
    },
    ...(state === 'open'
      ? [
          {
            title: t('billDisputes.decide'),
            key: 'decide',
            width: 150,
            fixed: 'right' as const,
            render: (_value: unknown, row: BillLineView) => (
              <Space>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setDecision({ line: row, accept: true })}
                  data-testid="dispute-accept"
                >
                  {t('billDisputes.accept')}
                </Button>
                <Button
                  size="small"
                  danger
                  onClick={() => setDecision({ line: row, accept: false })}
                  data-testid="dispute-reject"
                >
                  {t('billDisputes.reject')}
                </Button>
              </Space>
            ),
          },
        ]
      : []),
  ];

  return (
    <div data-testid="bill-disputes">
      <Segmented<State>
        value={state}
        onChange={(value) => {
          setState(value);
          setPage(1);
        }}
        options={(['open', 'accepted', 'rejected'] as const).map((value) => ({
          value,
          label: t(`bills.dispute.${value}`),
        }))}
        style={{ marginBottom: 12 }}
        data-testid="bill-disputes-state"
      />
      <ArrangedTable<BillLineView>
        list="billDisputes"
        rowKey="id"
        columns={columns}
        dataSource={disputes.data?.list ?? []}
        loading={disputes.isFetching}
        pagination={pagination(disputes.data?.total ?? 0)}
        onRow={() => ({ 'data-testid': 'bill-dispute-row' }) as React.HTMLAttributes<HTMLElement>}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}
