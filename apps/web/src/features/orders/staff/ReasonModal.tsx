import { type ButtonProps, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks for the reason of a rejection (required: the customer reads it as the order's auditInfo) and
 * hands it to `onSubmit`; the modal closes when that resolves.
 */
export function ReasonModal({
  open,
  title,
  description,
  okText,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: React.ReactNode;
  okText: string;
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const submit = async () => {
    let values: { reason: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      await onSubmit(values.reason.trim());
      onClose();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true, 'data-testid': 'reason-ok' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <div data-testid="reason-modal">
        {description}
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label={t('waybills.reason')}
            extra={t('waybills.reasonHint')}
            rules={[{ required: true, whitespace: true, message: t('waybills.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={500} showCount data-testid="reason-input" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
