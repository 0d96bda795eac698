import { CopyOutlined, KeyOutlined, WarningOutlined } from '@ant-design/icons';
import * as apiKeysContracts from '@parcelport/shared/contracts/api-keys/index';
import { Alert, App, Button, type ButtonProps, Form, Input, Modal, Select, Space, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ApiKey, type CreatedApiKey, KEY_ROLL_OVERLAP_DEFAULT_HOURS } from '../../api/apiKeys';
import { call } from '../../api/call';
import { ModeTag } from '../../components/ModeTag';
import { shownDay } from '../../utils/shown';

/** The overlaps offered when rolling a key, in hours (the server takes 0 to 168). */
const OVERLAPS = [0, 1, 24, 72, 168] as const;

/** A key's day (its expiry) as the keys' screen shows it. */

/** The new key, shown this once, with a copy button and the warning that it will not be shown again. */
export function NewKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { token } = theme.useToken();

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      message.success(<span data-testid="api-key-copied">{t('apiKeys.copied')}</span>);
    } catch {
      message.error(t('apiKeys.copyFailed'));
    }
  };

  return (
    <Modal
      open={created !== null}
      title={
        <Space>
          <KeyOutlined />
          {t('apiKeys.createdTitle', { name: created?.name ?? '' })}
          {created && <ModeTag mode={created.mode} testId="api-key-mode" />}
        </Space>
      }
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-done">
          {t('apiKeys.done')}
        </Button>
      }
      width={620}
      data-testid="api-key-created"
    >
      <Alert
        type="warning"
        showIcon
        icon={<WarningOutlined />}
        title={t('apiKeys.onceTitle')}
        description={t('apiKeys.onceText')}
        style={{ marginBottom: 16 }}
        data-testid="api-key-once-warning"
      />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          readOnly
          value={created?.key ?? ''}
          onFocus={(event) => event.target.select()}
          style={{ fontFamily: token.fontFamilyCode }}
          data-testid="api-key-secret"
        />
        <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="api-key-copy">
          {t('apiKeys.copy')}
        </Button>
      </Space.Compact>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {created?.expiresAt
          ? t('apiKeys.expiresOn', { date: shownDay(created.expiresAt) })
          : t('apiKeys.neverExpiresNote')}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Rolling a key: how long the old secret keeps working; the new one is then shown once. */
export function RollModal({
  rolling,
  onClose,
  onRolled,
}: {
  rolling: ApiKey | null;
  onClose: () => void;
  onRolled: (created: CreatedApiKey) => void;
}) {
  const { t } = useTranslation();
  const [overlap, setOverlap] = useState<number>(KEY_ROLL_OVERLAP_DEFAULT_HOURS);
  const [busy, setBusy] = useState(false);
  const roll = async () => {
    if (!rolling) return;
    setBusy(true);
    try {
      onRolled(
        await call(apiKeysContracts.rollApiKey, { params: { id: rolling.id }, body: { overlapHours: overlap } }),
      );
      onClose();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={rolling !== null}
      title={t('apiKeys.rollTitle', { name: rolling?.name ?? '' })}
      okText={t('apiKeys.roll')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      onOk={() => void roll()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'api-key-roll-ok' } as ButtonProps}
      data-testid="api-key-roll-form"
    >
      <Typography.Paragraph>{t('apiKeys.rollText')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('apiKeys.overlap')}>
          <Select
            value={overlap}
            onChange={setOverlap}
            data-testid="api-key-overlap"
            options={OVERLAPS.map((hours) => ({
              value: hours,
              label: hours === 0 ? t('apiKeys.overlapNone') : t('apiKeys.overlapHours', { count: hours }),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
