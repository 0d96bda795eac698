import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import * as webhooksContracts from '@parcelport/shared/contracts/webhooks/index';
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
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { type EndpointFields, WEBHOOK_EVENT_TYPES, WEBHOOKS_KEY, type WebhookEndpoint } from '../../api/webhooks';
import { CheckboxGroupField } from '../../components/CheckboxGroupField';
import { ModeTag } from '../../components/ModeTag';
import { RecordModal } from '../../components/RecordModal';
import { useTestData } from '../../components/TestData';
import { useSessionStore } from '../../stores/session';
import { DeliveryLog } from './DeliveryLog';
import { SecretModal } from './SecretModal';

const fieldsOf = (endpoint: WebhookEndpoint): EndpointFields => ({
  url: endpoint.url,
  description: endpoint.description,
  eventTypes: endpoint.eventTypes,
  enabled: endpoint.enabled,
});

/** The signing secret of the tracking subscriptions' webhooks: its first characters, and a rotation. */
function TrackingKey({ onSecret, acting }: { onSecret: (secret: string) => void; acting: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const key = useQuery({
    queryKey: ['trackingWebhookKey'],
    queryFn: () => call(webhooksContracts.getTrackingWebhookKey, {}),
  });
  const rotate = () =>
    modal.confirm({
      title: t('webhooks.trackingRotateTitle'),
      content: t('webhooks.rotateText'),
      okText: t('webhooks.rotate'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'webhook-tracking-rotate-ok' } as ButtonProps,
      onOk: async () => {
        onSecret((await call(webhooksContracts.rotateTrackingWebhookKey, {})).secret);
        await queryClient.invalidateQueries({ queryKey: ['trackingWebhookKey'] });
      },
    });
  return (
    <Space wrap data-testid="webhook-tracking-key">
      <Typography.Text>{t('webhooks.trackingKey')}</Typography.Text>
      <Typography.Text code>{key.data?.secretPrefix ?? t('webhooks.trackingKeyNone')}</Typography.Text>
      <Button size="small" disabled={acting} onClick={rotate} data-testid="webhook-tracking-rotate">
        {t('webhooks.rotate')}
      </Button>
    </Space>
  );
}

/**
 * Settings → API, webhooks (issue 28): the merchant's endpoints, each with the event types it hears of and
 * its mode (issue 31: a test endpoint hears only of test-mode events, chosen when it is made; the list shows
 * the live ones, its Test data switch the test ones alone, never both mixed); a new endpoint's
 * secret (and a rotated one) is shown once; an endpoint can be changed, switched off and on,
 * and its delivery log opened, with replays and test events.
 */
export function WebhookEndpoints() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [secret, setSecret] = useState<{ title: string; value: string } | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const testData = useTestData('webhooks', () => setLogOf(null), 'testData.bannerWebhooks');
  const endpoints = useQuery({
    queryKey: [WEBHOOKS_KEY, testData.mode],
    queryFn: () =>
      call(webhooksContracts.listWebhookEndpoints, {
        query: testData.mode === undefined ? {} : { mode: testData.mode },
      }),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] });
  // Staff acting as the merchant may look and replay, but not take a secret (the server refuses too).
  const acting = useSessionStore((state) => Boolean(state.userInfo?.actingAs));

  const rotate = (endpoint: WebhookEndpoint) =>
    modal.confirm({
      title: t('webhooks.rotateTitle'),
      content: t('webhooks.rotateText'),
      okText: t('webhooks.rotate'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'webhook-rotate-ok' } as ButtonProps,
      onOk: async () => {
        const rotated = await call(webhooksContracts.rotateWebhookSecret, { params: { id: endpoint.id } });
        setSecret({ title: t('webhooks.rotatedTitle'), value: rotated.secret });
        await refresh();
      },
    });

  const toggle = async (endpoint: WebhookEndpoint) => {
    await call(webhooksContracts.updateWebhookEndpoint, {
      params: { id: endpoint.id },
      body: { ...fieldsOf(endpoint), enabled: !endpoint.enabled },
    });
    message.success(
      <span data-testid="webhook-toggled">{t(endpoint.enabled ? 'webhooks.switchedOff' : 'webhooks.switchedOn')}</span>,
    );
    await refresh();
  };

  const columns: TableColumnsType<WebhookEndpoint> = [
    {
      title: t('webhooks.url'),
      dataIndex: 'url',
      render: (url: string, endpoint) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong data-testid="webhook-url" style={{ wordBreak: 'break-all' }}>
            {url}
          </Typography.Text>
          {endpoint.description && <Typography.Text type="secondary">{endpoint.description}</Typography.Text>}
        </Space>
      ),
    },
    {
      title: t('webhooks.events'),
      dataIndex: 'eventTypes',
      width: 260,
      render: (types: string[]) => (
        <Space size={[4, 4]} wrap>
          {types.map((type) => (
            <Tag key={type}>{type}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('webhooks.mode'),
      dataIndex: 'mode',
      width: 80,
      render: (mode: WebhookEndpoint['mode']) => <ModeTag mode={mode} testId="webhook-mode" />,
    },
    {
      title: t('webhooks.status'),
      key: 'status',
      width: 170,
      render: (_value, endpoint) =>
        endpoint.enabled ? (
          <Tag color="success" data-testid="webhook-state">
            {t('webhooks.on')}
          </Tag>
        ) : (
          <Tag color={endpoint.disabledReason === 'failures' ? 'error' : 'default'} data-testid="webhook-state">
            {t(endpoint.disabledReason === 'failures' ? 'webhooks.offFailures' : 'webhooks.off')}
          </Tag>
        ),
    },
    {
      title: t('webhooks.secret'),
      dataIndex: 'secretPrefix',
      width: 170,
      render: (prefix: string) => <Typography.Text code>{prefix}</Typography.Text>,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 300,
      render: (_value, endpoint) => (
        <Space size={0} wrap>
          <Button type="link" size="small" onClick={() => setLogOf(endpoint)} data-testid="webhook-open-log">
            {t('webhooks.log')}
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(endpoint)} data-testid="webhook-edit">
            {t('webhooks.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            disabled={acting}
            onClick={() => rotate(endpoint)}
            data-testid="webhook-rotate"
          >
            {t('webhooks.rotate')}
          </Button>
          <Button type="link" size="small" onClick={() => void toggle(endpoint)} data-testid="webhook-toggle">
            {t(endpoint.enabled ? 'webhooks.switchOff' : 'webhooks.switchOn')}
          </Button>
        </Space>
      ),
    },
  ];

  const current = editing === 'new' ? null : editing;
  return (
    <Card
      title={
        <Space>
          <ApiOutlined />
          {t('webhooks.title')}
        </Space>
      }
      extra={
        <Space>
          {testData.control}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={acting}
            onClick={() => setEditing('new')}
            data-testid="webhook-new"
          >
            {t('webhooks.create')}
          </Button>
        </Space>
      }
      data-testid="webhooks-page"
    >
      <Typography.Paragraph data-testid="webhooks-intro">{t('webhooks.intro')}</Typography.Paragraph>
      <TrackingKey
        acting={acting}
        onSecret={(value) => setSecret({ title: t('webhooks.trackingRotatedTitle'), value })}
      />
      <div style={{ marginTop: 16 }}>{testData.banner}</div>
      <Table<WebhookEndpoint>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={endpoints.data ?? []}
        loading={endpoints.isFetching}
        pagination={false}
        scroll={{ x: 1080 }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.empty')} /> }}
        onRow={(endpoint) => ({ 'data-testid': `webhook-row-${endpoint.id}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <RecordModal<EndpointFields & { test?: boolean }>
        open={editing !== null}
        testId="webhook-form"
        title={t(current ? 'webhooks.editTitle' : 'webhooks.createTitle')}
        initialValues={() =>
          current
            ? fieldsOf(current)
            : { url: '', description: '', eventTypes: ['label.created'], enabled: true, test: testData.mode === 'test' }
        }
        fieldNames={['url', 'description', 'eventTypes', 'test']}
        save={async ({ test, ...values }) => {
          const fields = { ...values, url: values.url.trim(), description: values.description?.trim() ?? '' };
          if (current)
            await call(webhooksContracts.updateWebhookEndpoint, { params: { id: current.id }, body: fields });
          else {
            const created = await call(webhooksContracts.createWebhookEndpoint, {
              body: { ...fields, test: test === true },
            });
            setSecret({ title: t('webhooks.createdTitle'), value: created.secret });
          }
        }}
        savedText={t('webhooks.saved')}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      >
        <Form.Item
          name="url"
          label={t('webhooks.url')}
          extra={t('webhooks.urlHint')}
          rules={[{ required: true, whitespace: true, message: t('webhooks.urlRequired') }]}
        >
          <Input maxLength={2000} autoComplete="off" placeholder="https://" data-testid="webhook-url-input" />
        </Form.Item>
        <Form.Item name="description" label={t('webhooks.description')}>
          <Input maxLength={200} data-testid="webhook-description-input" />
        </Form.Item>
        <Form.Item
          name="eventTypes"
          label={t('webhooks.events')}
          rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.eventsRequired') }]}
        >
          <CheckboxGroupField data-testid="webhook-events-input">
            <Space orientation="vertical" size={2}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} data-testid={`webhook-event-${type}`}>
                  <Typography.Text code>{type}</Typography.Text> {t(`webhooks.event.${type}`)}
                </Checkbox>
              ))}
            </Space>
          </CheckboxGroupField>
        </Form.Item>
        <Form.Item name="enabled" label={t('webhooks.enabled')} valuePropName="checked">
          <Switch data-testid="webhook-enabled-input" />
        </Form.Item>
        {!current && (
          <Form.Item name="test" valuePropName="checked" extra={t('webhooks.modeHint')}>
            <Checkbox data-testid="webhook-test-input">{t('webhooks.modeInput')}</Checkbox>
          </Form.Item>
        )}
      </RecordModal>
      <SecretModal title={secret?.title ?? ''} secret={secret?.value ?? null} onClose={() => setSecret(null)} />
      <DeliveryLog
        endpoint={logOf && (endpoints.data?.find((endpoint) => endpoint.id === logOf.id) ?? logOf)}
        onClose={() => setLogOf(null)}
      />
    </Card>
  );
}
