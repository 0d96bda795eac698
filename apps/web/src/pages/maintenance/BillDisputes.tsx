import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Form,
  Input,
  Modal,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptDispute, type BillLineView, billDisputes, rejectDispute } from '../../api/bills';
import { billTime, evidenceColumns } from '../../components/billEvidence';
import { Money } from '../../components/Money';
import { usePaging } from '../../components/usePaging';

type State = 'open' | 'accepted' | 'rejected';
type Decision = { line: BillLineView; accept: boolean } | null;

const money = (value: string | null) => (value === null ? '—' : <Money amount={value} />);

/** Accepting (an answer if staff want one) or rejecting (an answer the merchant reads, required). */
function DecisionModal({ decision, onClose }: { decision: Decision; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ answer: string }>();
  const decide = useMutation({
    mutationFn: ({ answer }: { answer: string }) =>
      decision?.accept
        ? acceptDispute(decision.line.id, answer ?? '')
        : rejectDispute(decision?.line.id as number, answer),
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
    queryFn: () => billDisputes({ state, page, pageSize }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<BillLineView> = [
    {
      title: t('bills.line.trackingNo'),
      dataIndex: 'trackingNo',
      width: 220,
      fixed: 'left',
      render: (value: string) => <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>,
    },
    { title: t('bills.line.customer'), dataIndex: 'customer', width: 200, ellipsis: true },
    { title: t('bills.line.orderNo'), dataIndex: 'orderNo', width: 170 },
    {
      title: t('bills.line.cause'),
      dataIndex: 'cause',
      width: 130,
      render: (value: BillLineView['cause'], row) => (
        <Tooltip title={row.reason || undefined}>{t(`bills.cause.${value}`)}</Tooltip>
      ),
    },
    ...evidenceColumns<BillLineView>(t),
    { title: t('bills.line.merchantChange'), dataIndex: 'merchantChange', width: 120, align: 'right', render: money },
    { title: t('bills.line.penalty'), dataIndex: 'penalty', width: 100, align: 'right', render: money },
    { title: t('bills.line.taken'), dataIndex: 'taken', width: 100, align: 'right', render: money },
    {
      title: t('billDisputes.reason'),
      dataIndex: 'disputeReason',
      width: 240,
      render: (value: string) => <Typography.Paragraph style={{ margin: 0 }}>{value}</Typography.Paragraph>,
    },
    ...(state === 'open' ? [] : [{ title: t('billDisputes.answer'), dataIndex: 'disputeAnswer', width: 240 } as const]),
    { title: t('billDeductions.postedAt'), dataIndex: 'postedAt', width: 150, render: billTime },
    ...(state === 'open'
      ? [
          {
            title: t('billDisputes.decide'),
            key: 'decide',
            width: 170,
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
      <Table<BillLineView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={disputes.data?.list ?? []}
        loading={disputes.isFetching}
        pagination={pagination(disputes.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'bill-dispute-row' }) as React.HTMLAttributes<HTMLElement>}
      />
      <DecisionModal decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}
