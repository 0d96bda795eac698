import { CopyOutlined, DeleteOutlined, KeyOutlined, PlusOutlined, WarningOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  type ButtonProps,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  API_KEY_LIFETIMES,
  API_KEYS_KEY,
  type ApiKey,
  type ApiKeyLifetime,
  type CreatedApiKey,
  createApiKey,
  listApiKeys,
  MAX_API_KEYS,
  revokeApiKey,
} from '../../api/apiKeys';
import { getPlatformValues } from '../../api/config';
import { useSessionStore } from '../../stores/session';
import { RecordModal } from './RecordModal';
import { WebhookEndpoints } from './webhooks/WebhookEndpoints';

/** The select's value for "never expires" (a Select option cannot be null). */
const NEVER = 'never';

interface KeyValues {
  name: string;
  lifetime: number | typeof NEVER;
  readOnly: boolean;
}

const day = (value: string) => dayjs(value).format('YYYY-MM-DD');
const minute = (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm');
/** A time, or what its absence means ("never"), greyed. */
const timeOr = (value: string | null, format: (value: string) => string, absent: string, testId: string) =>
  value ? (
    <span data-testid={testId}>{format(value)}</span>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      {absent}
    </Typography.Text>
  );

/** The new key, shown this once, with a copy button and the warning that it will not be shown again. */
function NewKeyModal({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
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
        {created?.expiresAt ? t('apiKeys.expiresOn', { date: day(created.expiresAt) }) : t('apiKeys.neverExpiresNote')}
      </Typography.Paragraph>
    </Modal>
  );
}

/**
 * /settings/api (docs/spec.md §2 API settings): my API keys for programs. A key is shown once when made, then only
 * its first characters; revoking one stops it on the next call. Below them, my webhook endpoints (issue 28).
 */
export default function ApiKeys() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const keys = useQuery({ queryKey: [API_KEYS_KEY], queryFn: listApiKeys });
  const platform = useQuery({ queryKey: ['platformValues'], queryFn: getPlatformValues });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [API_KEYS_KEY] });
  const count = keys.data?.length ?? 0;
  // Staff acting as the merchant may see the keys but not make or revoke them (the server refuses too).
  const acting = useSessionStore((state) => Boolean(state.userInfo?.actingAs));

  const revoke = (key: ApiKey) =>
    modal.confirm({
      title: t('apiKeys.revokeTitle', { name: key.name }),
      content: t('apiKeys.revokeText'),
      okText: t('apiKeys.revoke'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'api-key-revoke-ok' } as ButtonProps,
      onOk: async () => {
        try {
          await revokeApiKey(key.id);
          message.success(<span data-testid="api-key-revoked">{t('apiKeys.revoked', { name: key.name })}</span>);
        } finally {
          await refresh();
        }
      },
    });

  const columns: TableColumnsType<ApiKey> = [
    {
      title: t('apiKeys.name'),
      dataIndex: 'name',
      render: (name: string, key) => (
        <Space size={4} wrap>
          <Typography.Text strong data-testid="api-key-name">
            {name}
          </Typography.Text>
          {key.readOnly && <Tag data-testid="api-key-read-only">{t('apiKeys.readOnlyTag')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('apiKeys.key'),
      dataIndex: 'prefix',
      width: 200,
      render: (prefix: string) => (
        <Typography.Text code style={{ fontFamily: token.fontFamilyCode }} data-testid="api-key-prefix">
          {prefix}…
        </Typography.Text>
      ),
    },
    { title: t('apiKeys.createdAt'), dataIndex: 'createdAt', width: 170, render: minute },
    {
      title: t('apiKeys.expiresAt'),
      dataIndex: 'expiresAt',
      width: 150,
      render: (value: string | null) => timeOr(value, day, t('apiKeys.never'), 'api-key-expires'),
    },
    {
      title: t('apiKeys.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (value: string | null) => timeOr(value, minute, t('apiKeys.neverUsed'), 'api-key-last-used'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 110,
      render: (_value, key) => (
        <Button
          type="link"
          danger
          size="small"
          icon={<DeleteOutlined />}
          disabled={acting}
          onClick={() => revoke(key)}
          data-testid="api-key-revoke"
        >
          {t('apiKeys.revoke')}
        </Button>
      ),
    },
  ];

  const origin = typeof window === 'undefined' ? '' : window.location.origin;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={t('menu.settings.api')}
        extra={
          <Space>
            <Typography.Text type="secondary" data-testid="api-key-count">
              {t('apiKeys.count', { count, max: MAX_API_KEYS })}
            </Typography.Text>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={count >= MAX_API_KEYS || acting}
              title={acting ? t('apiKeys.notWhileActing') : undefined}
              onClick={() => setCreating(true)}
              data-testid="api-key-new"
            >
              {t('apiKeys.create')}
            </Button>
          </Space>
        }
        data-testid="api-keys-page"
      >
        <Typography.Paragraph data-testid="api-keys-intro">
          <Trans
            i18nKey="apiKeys.intro"
            components={{
              code: <Typography.Text code />,
              docs: (
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the link text in.
                <a href="/api/docs" target="_blank" rel="noopener noreferrer" data-testid="api-docs-link" />
              ),
            }}
          />
        </Typography.Paragraph>
        {platform.data && (
          <Typography.Paragraph type="secondary" data-testid="api-keys-limit">
            {t('apiKeys.limit', { count: platform.data.apiKeyCallsPerMinute })}
          </Typography.Paragraph>
        )}
        <pre
          style={{
            fontFamily: token.fontFamilyCode,
            fontSize: 12,
            background: token.colorFillQuaternary,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            padding: '10px 14px',
            margin: '0 0 20px',
            overflowX: 'auto',
          }}
          data-testid="api-keys-example"
        >
          {`curl -H "Authorization: Bearer pp_…" ${origin}/api/user/info`}
        </pre>
        <Table<ApiKey>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isFetching}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiKeys.empty')} /> }}
          onRow={(key) => ({ 'data-testid': `api-key-row-${key.id}` }) as React.HTMLAttributes<HTMLElement>}
        />
        <RecordModal<KeyValues>
          open={creating}
          testId="api-key-form"
          title={t('apiKeys.createTitle')}
          initialValues={() => ({ name: '', lifetime: 365, readOnly: false })}
          fieldNames={['name']}
          save={async (values) => {
            const lifetime: ApiKeyLifetime = values.lifetime === NEVER ? null : (values.lifetime as ApiKeyLifetime);
            setCreated(
              await createApiKey({ name: values.name.trim(), expiresInDays: lifetime, readOnly: values.readOnly }),
            );
          }}
          savedText={t('apiKeys.createdMessage')}
          onClose={() => setCreating(false)}
          onSaved={() => void refresh()}
        >
          <Form.Item
            name="name"
            label={t('apiKeys.name')}
            extra={t('apiKeys.nameHint')}
            rules={[{ required: true, whitespace: true, message: t('apiKeys.nameRequired') }]}
          >
            <Input
              maxLength={60}
              autoComplete="off"
              placeholder={t('apiKeys.namePlaceholder')}
              data-testid="api-key-name-input"
            />
          </Form.Item>
          <Form.Item name="lifetime" label={t('apiKeys.lifetime')}>
            <Select
              data-testid="api-key-lifetime"
              options={[
                ...API_KEY_LIFETIMES.map((days) => ({ value: days, label: t('apiKeys.days', { count: days }) })),
                { value: NEVER, label: t('apiKeys.neverExpires') },
              ]}
            />
          </Form.Item>
          <Form.Item name="readOnly" valuePropName="checked" extra={t('apiKeys.readOnlyHint')}>
            <Checkbox data-testid="api-key-read-only-input">{t('apiKeys.readOnly')}</Checkbox>
          </Form.Item>
        </RecordModal>
        <NewKeyModal created={created} onClose={() => setCreated(null)} />
      </Card>
      <WebhookEndpoints />
    </Space>
  );
}
