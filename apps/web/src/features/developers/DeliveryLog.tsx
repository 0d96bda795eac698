import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import * as webhooksContracts from '@parcelport/shared/contracts/webhooks/index';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Descriptions,
  Drawer,
  Empty,
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
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import {
  DELIVERY_PAGE,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
} from '../../api/webhooks';
import { ExpandColumnTitle } from '../../components/table/ExpandColumnTitle';
import { NO_VALUE, shownSecond } from '../../utils/shown';

const STATUS_COLOR = { pending: 'processing', succeeded: 'success', failed: 'error' } as const;
/** "Replay failed since": how far back, in hours. */
const SINCE_HOURS = [1, 24, 24 * 7, 24 * 30] as const;

/** One delivery opened: the body as sent and every attempt. */
function DeliveryDetail({ endpointId, deliveryId }: { endpointId: number; deliveryId: number }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const detail = useQuery({
    queryKey: ['webhookDelivery', endpointId, deliveryId],
    queryFn: () => call(webhooksContracts.getWebhookDelivery, { params: { id: endpointId, deliveryId } }),
  });
  if (!detail.data) return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid={`webhook-delivery-detail-${deliveryId}`}>
      <Typography.Text type="secondary">{t('webhooks.requestBody')}</Typography.Text>
      <pre
        style={{
          fontFamily: token.fontFamilyCode,
          fontSize: 12,
          background: token.colorFillQuaternary,
          padding: 8,
          margin: 0,
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
        }}
        data-testid="webhook-delivery-body"
      >
        {detail.data.body}
      </pre>
      <Table
        size="small"
        rowKey="attempt"
        pagination={false}
        dataSource={detail.data.attemptsLog}
        columns={[
          { title: t('webhooks.attempt'), dataIndex: 'attempt', width: 80 },
          {
            title: t('webhooks.trigger'),
            dataIndex: 'trigger',
            width: 110,
            render: (v: string) => t(`webhooks.trigger.${v}`),
          },
          { title: t('webhooks.time'), dataIndex: 'at', width: 180, render: shownSecond },
          {
            title: t('webhooks.answer'),
            dataIndex: 'statusCode',
            width: 100,
            render: (code: number | null) => <span data-testid="webhook-attempt-code">{code ?? NO_VALUE}</span>,
          },
          { title: t('webhooks.duration'), dataIndex: 'durationMs', width: 110, render: (ms: number) => `${ms} ms` },
          { title: t('webhooks.error'), dataIndex: 'error', render: (e: string | null) => e ?? '' },
        ]}
      />
    </Space>
  );
}

/**
 * An endpoint's delivery log: the newest deliveries with their state, last answer and next retry; each
 * opens to its body and attempts, and can be sent again; the failed ones since a time can be sent again
 * together; a test event of any type can be sent.
 */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [testType, setTestType] = useState<WebhookEventType>('label.created');
  const [sinceHours, setSinceHours] = useState<number>(24);
  const id = endpoint?.id ?? 0;
  // Newest first, a page at a time: "older" asks for those before the last one shown.
  const deliveries = useInfiniteQuery({
    queryKey: ['webhookDeliveries', id],
    queryFn: ({ pageParam }) =>
      call(webhooksContracts.listWebhookDeliveries, {
        params: { id },
        query: { ...(pageParam ? { before: pageParam } : {}) },
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.length < DELIVERY_PAGE ? undefined : last.at(-1)?.id),
    enabled: endpoint !== null,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhookDeliveries', id] });
  const off = endpoint !== null && !endpoint.enabled;

  /** Runs an action and says what it did (the text it answers). */
  const act = async (work: () => Promise<string>) => {
    const done = await work();
    message.success(<span data-testid="webhook-log-done">{done}</span>);
    await refresh();
  };

  const columns: TableColumnsType<WebhookDelivery> = [
    { title: t('webhooks.event'), dataIndex: 'eventType', width: 150 },
    {
      title: t('webhooks.eventId'),
      dataIndex: 'eventId',
      render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
    },
    {
      title: t('webhooks.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: WebhookDelivery['status']) => (
        <Tag color={STATUS_COLOR[status]} data-testid="webhook-delivery-status">
          {t(`webhooks.deliveryStatus.${status}`)}
        </Tag>
      ),
    },
    { title: t('webhooks.attempts'), dataIndex: 'attempts', width: 80 },
    {
      title: t('webhooks.lastCode'),
      dataIndex: 'lastCode',
      width: 90,
      render: (code: number | null) => code ?? NO_VALUE,
    },
    { title: t('webhooks.lastAt'), dataIndex: 'lastAt', width: 170, render: shownSecond },
    { title: t('webhooks.nextAt'), dataIndex: 'nextAt', width: 170, render: shownSecond },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 100,
      render: (_value, delivery) => (
        <Button
          type="link"
          size="small"
          disabled={off || delivery.status === 'pending'}
          onClick={() =>
            void act(async () => {
              await call(webhooksContracts.replayWebhookDelivery, { params: { id, deliveryId: delivery.id } });
              return t('webhooks.replayed', { count: 1 });
            })
          }
          data-testid="webhook-replay"
        >
          {t('webhooks.replay')}
        </Button>
      ),
    },
  ];

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      width={1100}
      title={t('webhooks.logTitle', { url: endpoint?.url ?? '' })}
      data-testid="webhook-log"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="webhook-log-refresh">
          {t('webhooks.refresh')}
        </Button>
      }
    >
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          value={testType}
          onChange={setTestType}
          style={{ width: 200 }}
          options={WEBHOOK_EVENT_TYPES.map((type) => ({ value: type, label: type }))}
          data-testid="webhook-test-type"
        />
        <Button
          icon={<SendOutlined />}
          disabled={off}
          onClick={() =>
            void act(async () => {
              await call(webhooksContracts.sendWebhookTestEvent, { params: { id }, body: { eventType: testType } });
              return t('webhooks.testSent');
            })
          }
          data-testid="webhook-send-test"
        >
          {t('webhooks.sendTest')}
        </Button>
        <Select
          value={sinceHours}
          onChange={setSinceHours}
          style={{ width: 180 }}
          options={SINCE_HOURS.map((hours) => ({ value: hours, label: t(`webhooks.since.${hours}`) }))}
          data-testid="webhook-replay-since"
        />
        <Button
          disabled={off}
          onClick={() =>
            void act(async () => {
              const since = dayjs().subtract(sinceHours, 'hour').toISOString();
              const { replayed } = await call(webhooksContracts.replayFailedWebhookDeliveries, {
                params: { id },
                body: { since },
              });
              return t('webhooks.replayed', { count: replayed });
            })
          }
          data-testid="webhook-replay-failed"
        >
          {t('webhooks.replayFailed')}
        </Button>
        {off && <Typography.Text type="warning">{t('webhooks.offNoReplay')}</Typography.Text>}
      </Space>
      {endpoint && (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('webhooks.events')}>{endpoint.eventTypes.join(', ')}</Descriptions.Item>
        </Descriptions>
      )}
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={deliveries.data?.pages.flat() ?? []}
        loading={deliveries.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        expandable={{
          columnTitle: <ExpandColumnTitle />,
          expandedRowRender: (delivery) => <DeliveryDetail endpointId={id} deliveryId={delivery.id} />,
        }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webhooks.noDeliveries')} /> }}
        onRow={(delivery) =>
          ({ 'data-testid': `webhook-delivery-row-${delivery.id}` }) as React.HTMLAttributes<HTMLElement>
        }
      />
      {deliveries.hasNextPage && (
        <Button
          style={{ marginTop: 12 }}
          loading={deliveries.isFetchingNextPage}
          onClick={() => void deliveries.fetchNextPage()}
          data-testid="webhook-log-older"
        >
          {t('webhooks.older')}
        </Button>
      )}
    </Drawer>
  );
}
