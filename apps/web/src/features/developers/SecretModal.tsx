import { CopyOutlined, WarningOutlined } from '@ant-design/icons';
import { Alert, App, Button, Input, Modal, Space, theme } from 'antd';
import { useTranslation } from 'react-i18next';

/** A signing secret shown this once (a new endpoint, a rotation), with a copy button and the warning. */
export function SecretModal({ title, secret, onClose }: { title: string; secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();

  const copy = async () => {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      message.success(t('webhooks.copied'));
    } catch {
      message.error(t('webhooks.copyFailed'));
    }
  };

  return (
    <Modal
      open={secret !== null}
      title={title}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('webhooks.done')}
        </Button>
      }
      width={620}
      data-testid="webhook-secret"
    >
      <Alert
        type="warning"
        showIcon
        icon={<WarningOutlined />}
        title={t('webhooks.secretOnceTitle')}
        description={t('webhooks.secretOnceText')}
        style={{ marginBottom: 16 }}
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={secret ?? ''}
          onFocus={(event) => event.target.select()}
          style={{ fontFamily: token.fontFamilyCode }}
          data-testid="webhook-secret-value"
        />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="webhook-secret-copy">
          {t('webhooks.copy')}
        </Button>
      </Space.Compact>
    </Modal>
  );
}
