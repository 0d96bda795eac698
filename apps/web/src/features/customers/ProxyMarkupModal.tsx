import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { proxyUpdateBody } from '@parcelport/shared/contracts/customers/schemas';
import { App, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { ProxyRow } from '../../api/customers';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { schemaRule } from '../../utils/schemaRule';

interface MarkupValues {
  markupPercent: string;
  markupFixed: string;
  invitationCode?: string;
}

const FIELDS = ['markupPercent', 'markupFixed', 'invitationCode'] as const;

/** A proxy's markup on the platform's price and the invitation code its customers register with. */
export function ProxyMarkupModal({
  proxy,
  onClose,
  onSaved,
}: {
  proxy: ProxyRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MarkupValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!proxy) return;
    form.setFieldsValue({
      markupPercent: proxy.markupPercent,
      markupFixed: proxy.markupFixed,
      invitationCode: proxy.invitationCode ?? '',
    });
  }, [proxy, form]);

  const save = async (values: MarkupValues) => {
    if (!proxy) return;
    setSaving(true);
    try {
      const saved = await call(customersContracts.updateProxy, {
        params: { id: proxy.id },
        body: {
          markupPercent: values.markupPercent,
          markupFixed: values.markupFixed,
          ...(values.invitationCode?.trim() ? { invitationCode: values.invitationCode.trim() } : {}),
        },
      });
      message.success({
        content: <span data-testid="proxy-saved">{t('proxies.saved', { code: saved.invitationCode })}</span>,
      });
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.editTitle', { user: proxy?.username ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'proxy-save' }}
      destroyOnHidden
    >
      <Form<MarkupValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <Form.Item
          name="markupPercent"
          label={t('proxies.markupPercent')}
          extra={t('proxies.markupHelp')}
          rules={[schemaRule(proxyUpdateBody.shape.markupPercent)]}
        >
          <Input suffix="%" data-testid="proxy-markup-percent" />
        </Form.Item>
        <Form.Item
          name="markupFixed"
          label={t('proxies.markupFixed')}
          rules={[schemaRule(proxyUpdateBody.shape.markupFixed)]}
        >
          <Input prefix="$" data-testid="proxy-markup-fixed" />
        </Form.Item>
        <Form.Item
          name="invitationCode"
          label={t('field.invitationCode')}
          extra={t('proxies.invitationHelp')}
          rules={[schemaRule(proxyUpdateBody.shape.invitationCode)]}
        >
          <Input data-testid="proxy-invitation-code" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
