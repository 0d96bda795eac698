import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { App, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ApiError } from '../../api/request';

/** Forgot password: mails a single-use reset link (POST /api/user/password/forgot). */
export function ForgotPasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ email: string }>();
  const [loading, setLoading] = useState(false);

  const submit = async () => {
    const { email } = await form.validateFields();
    setLoading(true);
    try {
      await call(usersContracts.forgotPassword, { body: { email: email.trim() } });
      message.success(<span data-testid="forgot-sent">{t('forgot.sent')}</span>);
      form.resetFields();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) {
        form.setFields([{ name: 'email', errors: [error.fields.email] }]);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('forgot.title')}
      okText={t('forgot.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={loading}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'forgot-submit' }}
      destroyOnHidden
    >
      <div data-testid="forgot-modal">
        <p>{t('forgot.text')}</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="email"
            label={t('field.email')}
            rules={[
              { required: true, message: t('validation.emailRequired') },
              { type: 'email', message: t('validation.emailInvalid') },
            ]}
          >
            <Input autoComplete="email" data-testid="forgot-email" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
