import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Modal, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MyBillLineView, myBillLinesQuery } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { DISPUTE_COLORS, evidenceColumns } from './billEvidence';

const money = (value: string | null) => (value === null ? NO_VALUE : <Money amount={value} />);

/** The dispute dialog: the merchant's reason, sent with the line's evidence as a billing work order. */
function DisputeModal({ line, onClose }: { line: MyBillLineView | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ reason: string }>();
  const send = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      call(billsContracts.disputeBillLine, { params: { id: line?.id as number }, body: { reason } }),
    onSuccess: () => {
      message.success(<span data-testid="bill-dispute-sent">{t('billDeductions.disputeSent')}</span>);
      form.resetFields();
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['myBillLines'] });
    },
  });
  return (
    <Modal
      open={line !== null}
      title={t('billDeductions.disputeTitle', { trackingNo: line?.trackingNo ?? '' })}
      okText={t('billDeductions.disputeSend')}
      okButtonProps={{ 'data-testid': 'bill-dispute-send', loading: send.isPending } as never}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('billDeductions.disputeHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values)}>
        <Form.Item
          name="reason"
          label={t('billDeductions.disputeReason')}
          rules={[{ required: true, whitespace: true, message: t('billDeductions.disputeReasonRequired') }]}
        >
          <Input.TextArea rows={4} maxLength={1000} showCount data-testid="bill-dispute-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The merchant's carrier adjustments (docs/bills.md): what each bill line charged or refunded, what the
 * merchant declared beside what the carrier measured, what was taken and what is owed, and a dispute. Shown
 * once there is any.
 */
export function BillDeductions() {
  const { t } = useTranslation();
  const { page, pageSize, pagination } = usePaging();
  const [disputing, setDisputing] = useState<MyBillLineView | null>(null);
  const lines = useQuery({ ...myBillLinesQuery(page, pageSize), placeholderData: keepPreviousData });
  if (!lines.data || lines.data.total === 0) return null;

  const columns: TableColumnsType<MyBillLineView> = [
    { title: t('billDeductions.postedAt'), dataIndex: 'postedAt', width: 150, render: shownMinute },
    {
      title: t('bills.line.trackingNo'),
      dataIndex: 'trackingNo',
      width: 220,
      render: (value: string, row) => (
        <span>
          <Typography.Text copyable={{ text: value }}>{value}</Typography.Text>
          {row.orderNo ? (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {row.orderNo}
            </Typography.Text>
          ) : null}
        </span>
      ),
    },
    {
      title: t('bills.line.cause'),
      dataIndex: 'cause',
      width: 150,
      render: (value: MyBillLineView['cause'], row) => (
        <Tooltip title={row.reason || undefined}>{t(`bills.cause.${value}`)}</Tooltip>
      ),
    },
    ...evidenceColumns<MyBillLineView>(t),
    {
      title: t('billDeductions.change'),
      dataIndex: 'merchantChange',
      width: 120,
      align: 'right',
      render: (value: string | null) => <span data-testid="my-bill-line-change">{money(value)}</span>,
    },
    { title: t('bills.line.penalty'), dataIndex: 'penalty', width: 100, align: 'right', render: money },
    { title: t('bills.line.taken'), dataIndex: 'taken', width: 100, align: 'right', render: money },
    { title: t('bills.line.owed'), dataIndex: 'owed', width: 100, align: 'right', render: money },
    {
      title: t('bills.line.dispute'),
      key: 'dispute',
      width: 130,
      fixed: 'right',
      render: (_value, row) =>
        row.dispute === 'none' ? (
          Number(row.merchantChange) > 0 || Number(row.penalty) > 0 ? (
            <Button size="small" onClick={() => setDisputing(row)} data-testid="bill-dispute">
              {t('billDeductions.dispute')}
            </Button>
          ) : (
            NO_VALUE
          )
        ) : (
          <Tooltip title={row.disputeAnswer || row.disputeReason || undefined}>
            <Tag color={DISPUTE_COLORS[row.dispute]} data-testid="my-bill-line-dispute">
              {t(`bills.dispute.${row.dispute}`)}
            </Tag>
          </Tooltip>
        ),
    },
  ];

  return (
    <Card
      title={t('billDeductions.title')}
      style={{ marginTop: 16 }}
      data-testid="bill-deductions"
      extra={
        lines.data.owed !== '0.00' ? (
          <Typography.Text type="danger" data-testid="bill-deductions-owed">
            {t('billDeductions.owed')} <Money amount={lines.data.owed} />
          </Typography.Text>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">{t('billDeductions.hint')}</Typography.Paragraph>
      <Table
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={lines.data.list}
        loading={lines.isFetching}
        pagination={pagination(lines.data.total)}
        scroll={{ x: 'max-content' }}
        onRow={() => ({ 'data-testid': 'my-bill-line' }) as React.HTMLAttributes<HTMLElement>}
      />
      <DisputeModal line={disputing} onClose={() => setDisputing(null)} />
    </Card>
  );
}
