import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillLineView } from '../../api/bills';
import { call } from '../../api/call';
import { NO_VALUE } from '../../utils/shown';

/** The write-off's reason, kept with the line as the claim against the carrier (required). */
function WriteOffModal({ line, onClose }: { line: BillLineView | null; onClose: (done: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const writeOff = useMutation({
    mutationFn: ({ reason }: { reason: string }) =>
      call(billsContracts.writeOffBillLine, { params: { id: line?.id as number }, body: { reason } }),
    onSuccess: () => {
      form.resetFields();
      onClose(true);
    },
  });
  return (
    <Modal
      open={line !== null}
      title={t('bills.voided.writeOffTitle')}
      okText={t('bills.voided.writeOff')}
      okButtonProps={{ loading: writeOff.isPending, 'data-testid': 'voided-write-off-confirm' } as never}
      onOk={() => form.submit()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('bills.voided.writeOffHint')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => writeOff.mutate(values)}>
        <Form.Item
          name="reason"
          label={t('bills.voided.reason')}
          rules={[{ required: true, whitespace: true, message: t('bills.voided.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={1000} showCount data-testid="voided-write-off-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * A line billed on a voided label (docs/bills.md): what staff decided, or the two decisions, charging the
 * merchant after all (confirmed) or writing it off as a claim against the carrier (with a reason). Other
 * lines show nothing here.
 */
export function VoidedLineDecision({ line }: { line: BillLineView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [writingOff, setWritingOff] = useState(false);
  const decided = (text: string) => {
    message.success(text);
    void queryClient.invalidateQueries({ queryKey: ['bill', line.billId] });
    void queryClient.invalidateQueries({ queryKey: ['billLines', line.billId] });
  };
  const charge = useMutation({
    mutationFn: () => call(billsContracts.chargeVoidedBillLine, { params: { id: line.id } }),
    onSuccess: () => decided(t('bills.voided.charged')),
  });
  if (line.kind !== 'voided') return NO_VALUE;
  if (line.resolution !== 'none')
    return (
      <Tooltip title={line.resolutionNote || undefined}>
        <Tag color={line.resolution === 'charged' ? 'volcano' : 'blue'} data-testid="bill-line-resolution">
          {t(`bills.resolution.${line.resolution}`)}
        </Tag>
      </Tooltip>
    );
  return (
    <Space size={4} wrap>
      <Popconfirm
        title={t('bills.voided.chargeTitle')}
        description={<div style={{ maxWidth: 360 }}>{t('bills.voided.chargeConfirm')}</div>}
        okText={t('bills.voided.charge')}
        cancelText={t('common.cancel')}
        // A refusal (409: decided meanwhile, merchant not refunded yet) is shown by the request's message.
        onConfirm={() => charge.mutateAsync().catch(() => undefined)}
        okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
      >
        <Button size="small" danger loading={charge.isPending} data-testid="voided-charge">
          {t('bills.voided.charge')}
        </Button>
      </Popconfirm>
      <Button size="small" onClick={() => setWritingOff(true)} data-testid="voided-write-off">
        {t('bills.voided.writeOff')}
      </Button>
      <WriteOffModal
        line={writingOff ? line : null}
        onClose={(done) => {
          setWritingOff(false);
          if (done) decided(t('bills.voided.writtenOff'));
        }}
      />
    </Space>
  );
}
