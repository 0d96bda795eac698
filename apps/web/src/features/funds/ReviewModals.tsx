import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { App, Descriptions, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { RechargeRecord } from '../../api/funds';
import { amountRules } from '../../components/funds';
import { Money } from '../../components/Money';
import { applyServerFieldErrors } from '../../components/serverErrors';

function RecordSummary({ record }: { record: RechargeRecord }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
      <Descriptions.Item label={t('recharge.id')}>{record.id}</Descriptions.Item>
      <Descriptions.Item label={t('field.username')}>{record.username}</Descriptions.Item>
      <Descriptions.Item label={t('recharge.paymentMethod')}>
        {t(`recharge.payment.${record.paymentMethod}`, { defaultValue: record.paymentMethod })}
      </Descriptions.Item>
      <Descriptions.Item label={t('recharge.forecastAmount')}>
        <Money amount={record.forecastAmount} currency={record.currency} /> ({record.currency})
      </Descriptions.Item>
      {record.remark && <Descriptions.Item label={t('recharge.remark')}>{record.remark}</Descriptions.Item>}
    </Descriptions>
  );
}

interface ApproveValues {
  actualAmount: string;
  remark?: string;
}

/** Approve a pending recharge with the actual incoming amount (prefilled with the forecast, editable). */
export function ApproveModal({
  record,
  onClose,
  onDone,
}: {
  record: RechargeRecord | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<ApproveValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (record) form.setFieldsValue({ actualAmount: record.forecastAmount, remark: '' });
  }, [record, form]);

  const save = async () => {
    if (!record) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await call(fundsContracts.reviewRecharge, {
        body: {
          id: record.id,
          approve: true,
          actualAmount: values.actualAmount.trim(),
          remark: values.remark?.trim() ?? '',
        },
      });
      message.success(<span data-testid="recharge-approved">{t('review.approved')}</span>);
      onDone();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, ['actualAmount', 'remark']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={record !== null}
      title={t('review.approveTitle')}
      okText={t('review.approve')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'approve-ok' }}
    >
      <div data-testid="approve-modal">
        {record && <RecordSummary record={record} />}
        <Form<ApproveValues> form={form} layout="vertical">
          <Form.Item
            name="actualAmount"
            label={t('recharge.actualAmount')}
            rules={amountRules(t)}
            extra={t('review.actualHint')}
          >
            <Input
              prefix={record?.currency === 'CNY' ? '¥' : '$'}
              suffix={record?.currency}
              inputMode="decimal"
              autoComplete="off"
              data-testid="approve-actual-amount"
            />
          </Form.Item>
          <Form.Item name="remark" label={t('review.remark')}>
            <Input.TextArea rows={2} maxLength={500} data-testid="approve-remark" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** Reject a pending recharge with a reason (required); the customer is told the reason. */
export function RejectModal({
  record,
  onClose,
  onDone,
}: {
  record: RechargeRecord | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (record) form.resetFields();
  }, [record, form]);

  const save = async () => {
    if (!record) return;
    const { reason } = await form.validateFields();
    setSaving(true);
    try {
      await call(fundsContracts.reviewRecharge, { body: { id: record.id, approve: false, reason: reason.trim() } });
      message.success(<span data-testid="recharge-rejected">{t('review.rejected')}</span>);
      onDone();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, ['reason']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={record !== null}
      title={t('review.rejectTitle')}
      okText={t('review.reject')}
      okButtonProps={{ danger: true, 'data-testid': 'reject-ok' }}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
    >
      <div data-testid="reject-modal">
        {record && <RecordSummary record={record} />}
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('review.reason')}
            rules={[{ required: true, whitespace: true, message: t('review.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="reject-reason" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
