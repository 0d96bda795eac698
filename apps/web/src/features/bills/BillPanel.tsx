import { CheckCircleOutlined } from '@ant-design/icons';
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Col, Descriptions, Popconfirm, Row, Space, Statistic, Table, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { shownName } from '../../i18n';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { BillLines } from './BillLines';
import { KindCounts, StatusTag } from './billTags';

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
          { key: 'created', label: t('bills.created'), children: `${bill.createdBy} ${shownMinute(bill.createdAt)}` },
          {
            key: 'posted',
            label: t('bills.posted'),
            children: bill.postedAt ? `${bill.postedBy ?? ''} ${shownMinute(bill.postedAt)}` : NO_VALUE,
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

/**
 * One bill: its summary, the post button and its lines. Shown by the import's preview (with the preview's
 * answer) and by the list's detail; posting updates the figures and the lines in both.
 */
export function BillPanel({ billId, preview }: { billId: number; preview?: BillView & { uploadedBefore?: boolean } }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const bill = useQuery({
    queryKey: ['bill', billId],
    queryFn: () => call(billsContracts.getBill, { params: { id: billId } }),
    initialData: preview,
  });
  const post = useMutation({
    mutationFn: () => call(billsContracts.postBill, { params: { id: billId } }),
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
