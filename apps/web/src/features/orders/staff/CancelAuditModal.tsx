import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { Alert, App, type ButtonProps, Descriptions, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../../api/adminOrders';
import { call } from '../../../api/call';
import { Money } from '../../../components/Money';
import { NO_VALUE } from '../../../utils/shown';

interface AuditValues {
  decision: 'approve' | 'reject';
  reason?: string;
}

/**
 * Cancellation audit of an order in cancellation (6): approve → voided (15) with the charge refunded, or
 * reject → 16 with a reason (required) the customer reads.
 */
export function CancelAuditModal({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrder | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<AuditValues>();
  const decision = Form.useWatch('decision', form);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (order) {
      form.resetFields();
      form.setFieldsValue({ decision: 'approve', reason: '' });
    }
  }, [order, form]);

  const submit = async () => {
    if (!order) return;
    let values: AuditValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      if (values.decision === 'approve')
        await call(ordersContracts.auditCancel, { body: { id: order.id, approve: true } });
      else
        await call(ordersContracts.auditCancel, {
          body: { id: order.id, approve: false, reason: (values.reason ?? '').trim() },
        });
      message.success(
        <span data-testid="audit-done">
          {t(values.decision === 'approve' ? 'waybills.audit.approved' : 'waybills.audit.rejected')}
        </span>,
      );
      onDone();
      onClose();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={order !== null}
      title={t('waybills.audit.title')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: decision === 'reject', 'data-testid': 'audit-ok' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div data-testid="audit-modal">
        {order && (
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              { key: 'orderNo', label: t('waybills.orderNo'), children: order.orderNo },
              { key: 'tackNo', label: t('waybills.tackNo'), children: order.tackNo ?? NO_VALUE },
              { key: 'user', label: t('waybills.userId'), children: order.userId },
              {
                key: 'rate',
                label: t('waybills.refundAmount'),
                children: order.rate ? <Money amount={order.rate} /> : NO_VALUE,
              },
              ...(order.carrierRefund
                ? [
                    {
                      key: 'carrierRefund',
                      label: t('waybills.carrierRefund'),
                      children: (
                        <span data-testid="audit-carrier-refund">
                          {t(`waybills.carrierRefund.${order.carrierRefund}`)}
                          {order.carrierRefundNote ? ` (${order.carrierRefundNote})` : ''}
                        </span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {order && order.carrierRefund !== '' && order.carrierRefund !== 'refunded' && (
          <Alert
            type={order.carrierRefund === 'rejected' ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            title={t(
              order.carrierRefund === 'rejected' ? 'waybills.carrierRefundRefused' : 'waybills.carrierRefundFollows',
            )}
            data-testid="audit-carrier-refund-hint"
          />
        )}
        <Form<AuditValues> form={form} layout="vertical">
          <Form.Item name="decision" label={t('waybills.audit.decision')}>
            <Radio.Group
              options={[
                {
                  value: 'approve',
                  label: <span data-testid="audit-approve">{t('waybills.audit.approve')}</span>,
                },
                {
                  value: 'reject',
                  label: <span data-testid="audit-reject">{t('waybills.audit.reject')}</span>,
                },
              ]}
            />
          </Form.Item>
          {decision === 'reject' && (
            <Form.Item
              name="reason"
              label={t('waybills.reason')}
              extra={t('waybills.reasonHint')}
              rules={[{ required: true, whitespace: true, message: t('waybills.reasonRequired') }]}
            >
              <Input.TextArea rows={3} maxLength={500} showCount data-testid="audit-reason" />
            </Form.Item>
          )}
        </Form>
      </div>
    </Modal>
  );
}
