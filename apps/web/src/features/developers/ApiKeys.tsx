import { DeleteOutlined, PlusOutlined, RetweetOutlined } from '@ant-design/icons';
import * as apiKeysContracts from '@parcelport/shared/contracts/api-keys/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Radio,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
  theme,
} from 'antd';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  API_KEY_LIFETIMES,
  API_KEYS_KEY,
  type ApiKey,
  type ApiKeyLifetime,
  type CreatedApiKey,
  isIpRule,
  KEY_AREAS,
  KEY_MODES,
  type KeyArea,
  type KeyMode,
  MAX_API_KEYS,
} from '../../api/apiKeys';
import { call } from '../../api/call';
import { getPlatformValues } from '../../api/config';
import { ModeTag } from '../../components/ModeTag';
import { RecordModal } from '../../components/RecordModal';
import { useSessionStore } from '../../stores/session';
import { shownDay, shownMinute } from '../../utils/shown';
import { NewKeyModal, RollModal } from './ApiKeyModals';
import { WebhookEndpoints } from './WebhookEndpoints';

/** The select's value for "never expires" (a Select option cannot be null). */
const NEVER = 'never';

interface KeyValues {
  name: string;
  lifetime: number | typeof NEVER;
  mode: KeyMode;
  readOnly: boolean;
  /** None chosen: every area. */
  areas: KeyArea[];
  /** One address or CIDR block a line; empty: any address. */
  ips: string;
}

const ipLines = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((line) => line.trim())
    .filter(Boolean);

/** A time, or what its absence means ("never"), greyed. */
const timeOr = (value: string | null, format: (value: string) => string, absent: string, testId: string) =>
  value ? (
    <span data-testid={testId}>{format(value)}</span>
  ) : (
    <Typography.Text type="secondary" data-testid={testId}>
      {absent}
    </Typography.Text>
  );

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
  const [rolling, setRolling] = useState<ApiKey | null>(null);
  const keys = useQuery({ queryKey: [API_KEYS_KEY], queryFn: () => call(apiKeysContracts.listApiKeys, {}) });
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
          await call(apiKeysContracts.revokeApiKey, { params: { id: key.id } });
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
          <ModeTag mode={key.mode} testId="api-key-mode" />
          {key.readOnly && <Tag data-testid="api-key-read-only">{t('apiKeys.readOnlyTag')}</Tag>}
          {key.rolledAt && key.expiresAt && (
            <Tag color="orange" data-testid="api-key-rolled">
              {t('apiKeys.rolledTag', { time: shownMinute(key.expiresAt) })}
            </Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('apiKeys.limits'),
      key: 'limits',
      width: 220,
      render: (_value, key) => (
        <Space direction="vertical" size={2}>
          <Space size={[2, 2]} wrap data-testid="api-key-areas">
            {key.areas ? (
              key.areas.map((area) => <Tag key={area}>{t(`apiKeys.area.${area}`)}</Tag>)
            ) : (
              <Typography.Text type="secondary">{t('apiKeys.allAreas')}</Typography.Text>
            )}
          </Space>
          <Typography.Text type={key.ips ? undefined : 'secondary'} data-testid="api-key-ips">
            {key.ips ? key.ips.join(', ') : t('apiKeys.anyAddress')}
          </Typography.Text>
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
    { title: t('apiKeys.createdAt'), dataIndex: 'createdAt', width: 170, render: shownMinute },
    {
      title: t('apiKeys.expiresAt'),
      dataIndex: 'expiresAt',
      width: 150,
      render: (value: string | null) => timeOr(value, shownDay, t('apiKeys.never'), 'api-key-expires'),
    },
    {
      title: t('apiKeys.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      width: 170,
      render: (value: string | null, key) => (
        <Space direction="vertical" size={0}>
          {timeOr(value, shownMinute, t('apiKeys.neverUsed'), 'api-key-last-used')}
          {key.lastUsedIp && (
            <Typography.Text type="secondary" data-testid="api-key-last-ip">
              {t('apiKeys.fromAddress', { ip: key.lastUsedIp })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 120,
      render: (_value, key) => (
        <Space direction="vertical" size={0}>
          <Button
            type="link"
            size="small"
            icon={<RetweetOutlined />}
            disabled={acting || key.rolledAt !== null}
            title={key.rolledAt ? t('apiKeys.alreadyRolled') : undefined}
            onClick={() => setRolling(key)}
            data-testid="api-key-roll"
          >
            {t('apiKeys.roll')}
          </Button>
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
        </Space>
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
          {`curl -H "Authorization: Bearer pp_live_…" ${origin}/api/user/info`}
        </pre>
        <Table<ApiKey>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={keys.data ?? []}
          loading={keys.isFetching}
          pagination={false}
          scroll={{ x: 1120 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiKeys.empty')} /> }}
          onRow={(key) => ({ 'data-testid': `api-key-row-${key.id}` }) as React.HTMLAttributes<HTMLElement>}
        />
        <RecordModal<KeyValues>
          open={creating}
          testId="api-key-form"
          title={t('apiKeys.createTitle')}
          initialValues={() => ({ name: '', lifetime: 365, mode: 'live', readOnly: false, areas: [], ips: '' })}
          fieldNames={['name', 'areas', 'ips']}
          save={async (values) => {
            const lifetime: ApiKeyLifetime = values.lifetime === NEVER ? null : (values.lifetime as ApiKeyLifetime);
            const ips = ipLines(values.ips ?? '');
            setCreated(
              await call(apiKeysContracts.createApiKey, {
                body: {
                  name: values.name.trim(),
                  expiresInDays: lifetime,
                  mode: values.mode,
                  readOnly: values.readOnly,
                  areas: values.areas?.length ? values.areas : null,
                  ips: ips.length ? ips : null,
                },
              }),
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
          <Form.Item name="mode" label={t('apiKeys.mode')} extra={t('apiKeys.modeHint')}>
            <Radio.Group
              optionType="button"
              data-testid="api-key-mode-input"
              options={KEY_MODES.map((mode) => ({
                value: mode,
                label: <span data-testid={`api-key-mode-${mode}`}>{t(`apiKeys.mode.${mode}`)}</span>,
              }))}
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
          <Form.Item name="areas" label={t('apiKeys.areas')} extra={t('apiKeys.areasHint')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('apiKeys.allAreas')}
              data-testid="api-key-areas-input"
              options={KEY_AREAS.map((area) => ({ value: area, label: t(`apiKeys.area.${area}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="ips"
            label={t('apiKeys.ips')}
            extra={t('apiKeys.ipsHint')}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  const bad = ipLines(value ?? '').find((line) => !isIpRule(line));
                  if (bad) throw new Error(t('apiKeys.ipInvalid', { value: bad }));
                },
              },
            ]}
          >
            <Input.TextArea
              rows={3}
              placeholder={'203.0.113.0/24\n2001:db8::/32'}
              style={{ fontFamily: token.fontFamilyCode }}
              data-testid="api-key-ips-input"
            />
          </Form.Item>
        </RecordModal>
        <RollModal
          rolling={rolling}
          onClose={() => setRolling(null)}
          onRolled={(key) => {
            setCreated(key);
            void refresh();
          }}
        />
        <NewKeyModal created={created} onClose={() => setCreated(null)} />
      </Card>
      <WebhookEndpoints />
    </Space>
  );
}
