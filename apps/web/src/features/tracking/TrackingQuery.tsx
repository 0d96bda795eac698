import { BellOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import * as trackingContracts from '@parcelport/shared/contracts/tracking/index';
import {
  trackingNumbersOf as parseTrackingNumbers,
  TRACKING_QUERY_LIMIT,
} from '@parcelport/shared/contracts/tracking/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Form, Input, Modal, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import type { TrackedParcel } from '../../api/volume';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { shownName } from '../../i18n';
import { detailPath } from '../../utils/orderPaths';
import { shownMinute } from '../../utils/shown';
import { TRACKING_STATE_COLORS, TrackingStateTag, trackingStateText } from './TrackingStateTag';

interface SubscribeForm {
  email?: string;
  webhookUrl?: string;
}

/** Subscribe to one parcel's changes of state, by email and/or a webhook. */
function SubscribeModal({ trackingNo, onClose }: { trackingNo: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SubscribeForm>();
  const subscribe = useMutation({
    mutationFn: (values: SubscribeForm) =>
      call(trackingContracts.subscribeTracking, {
        body: {
          trackingNo: trackingNo ?? '',
          email: values.email?.trim() || undefined,
          webhookUrl: values.webhookUrl?.trim() || undefined,
        },
      }),
    onSuccess: () => {
      void message.success({
        content: <span data-testid="tracking-subscribed">{t('tracking.subscribe.done', { trackingNo })}</span>,
      });
      form.resetFields();
      onClose();
    },
    onError: (error) => applyServerFieldErrors(form, error, ['email', 'webhookUrl', 'trackingNo']),
  });
  return (
    <Modal
      open={trackingNo !== null}
      title={t('tracking.subscribe.title', { trackingNo })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('tracking.subscribe.ok')}
      cancelText={t('common.cancel')}
      confirmLoading={subscribe.isPending}
      okButtonProps={{ 'data-testid': 'tracking-subscribe-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('tracking.subscribe.hint')}</Typography.Paragraph>
      <Form<SubscribeForm> form={form} layout="vertical" onFinish={(values) => subscribe.mutate(values)}>
        <Form.Item
          name="email"
          label={t('tracking.subscribe.email')}
          rules={[
            { type: 'email', message: t('tracking.subscribe.emailInvalid') },
            ({ getFieldValue }) => ({
              validator: (_rule, value) =>
                value || getFieldValue('webhookUrl')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('tracking.subscribe.oneRequired'))),
            }),
          ]}
        >
          <Input placeholder="ops@example.com" data-testid="tracking-subscribe-email" />
        </Form.Item>
        <Form.Item
          name="webhookUrl"
          label={t('tracking.subscribe.webhook')}
          rules={[{ type: 'url', message: t('tracking.subscribe.webhookInvalid') }]}
        >
          <Input placeholder="https://example.com/hooks/tracking" data-testid="tracking-subscribe-webhook" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One parcel: its state, its order, and its events newest first. */
function ParcelCard({ parcel, onSubscribe }: { parcel: TrackedParcel; onSubscribe: (trackingNo: string) => void }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid={`tracking-parcel-${parcel.trackingNo}`}
      title={
        <Space wrap>
          <Typography.Text copyable strong>
            {parcel.trackingNo}
          </Typography.Text>
          <TrackingStateTag status={parcel.status} labelled={parcel.found} />
          {parcel.orderNo && parcel.orderId && (
            <Link to={detailPath(parcel.orderId)} data-testid="tracking-order">
              {parcel.orderNo}
            </Link>
          )}
          {parcel.serviceName && (
            <Typography.Text type="secondary">
              {parcel.carrierCode} · {shownName(parcel.serviceName)}
            </Typography.Text>
          )}
        </Space>
      }
      extra={
        parcel.found && (
          <Button
            size="small"
            icon={<BellOutlined />}
            onClick={() => onSubscribe(parcel.trackingNo)}
            data-testid="tracking-subscribe"
          >
            {t('tracking.subscribe')}
          </Button>
        )
      }
    >
      {!parcel.found ? (
        <Typography.Text type="secondary" data-testid="tracking-not-found">
          {t('tracking.notFound')}
        </Typography.Text>
      ) : parcel.events.length === 0 ? (
        <Typography.Text type="secondary" data-testid="tracking-no-events">
          {t('tracking.noEvents')}
        </Typography.Text>
      ) : (
        <Timeline
          data-testid="tracking-events"
          items={parcel.events.map((event, index) => ({
            key: `${event.time}-${index}`,
            color: index === 0 ? 'blue' : 'gray',
            title: shownMinute(event.time),
            content: (
              <Space orientation="vertical" size={0} data-testid="tracking-event">
                <Space size={6} wrap>
                  <TrackingStateTag status={event.status} />
                  <Typography.Text strong={index === 0}>{event.description}</Typography.Text>
                </Space>
                {event.location && <Typography.Text type="secondary">{event.location}</Typography.Text>}
              </Space>
            ),
          }))}
        />
      )}
    </Card>
  );
}

/**
 * /tracking — the tracking query of docs/spec.md §2: paste many tracking numbers, see each parcel's state (docs/spec.md §4,
 * 0-8) and events, refresh from the carriers, and subscribe to a parcel by email or webhook.
 */
export default function TrackingQuery() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const fromUrl = parseTrackingNumbers(searchParams.get('numbers') ?? '');
  const [text, setText] = useState(() => fromUrl.join('\n'));
  const [numbers, setNumbers] = useState<string[]>(() => fromUrl.slice(0, TRACKING_QUERY_LIMIT));
  const [subscribing, setSubscribing] = useState<string | null>(null);
  const typed = parseTrackingNumbers(text);
  const key = ['tracking', numbers.join(',')];
  const parcels = useQuery({
    queryKey: key,
    queryFn: () =>
      call(trackingContracts.trackParcels, {
        query: { numbers: numbers.join(',') },
      }),
    enabled: numbers.length > 0,
  });
  const refresh = useMutation({
    mutationFn: () =>
      call(trackingContracts.trackParcels, {
        query: { numbers: numbers.join(','), refresh: 'true' },
      }),
    onSuccess: (answer) => queryClient.setQueryData(key, answer),
  });

  const run = () => {
    const next = typed.slice(0, TRACKING_QUERY_LIMIT);
    setNumbers(next);
    setSearchParams(next.length > 0 ? { numbers: next.join(',') } : {}, { replace: true });
    if (next.join(',') === numbers.join(',')) void parcels.refetch();
  };

  const list = parcels.data ?? [];
  // Parcels counted by the state they show (a label not yet scanned apart from a number nobody knows).
  const counts = new Map<string, { status: number; labelled: boolean; count: number }>();
  for (const { status, found } of list) {
    const key = `${status}:${found}`;
    counts.set(key, { status, labelled: found, count: (counts.get(key)?.count ?? 0) + 1 });
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="tracking-page">
      <Card title={t('menu.tracking')}>
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Input.TextArea
            value={text}
            onChange={(event) => setText(event.target.value)}
            autoSize={{ minRows: 4, maxRows: 12 }}
            placeholder={t('tracking.placeholder', { limit: TRACKING_QUERY_LIMIT })}
            data-testid="tracking-numbers"
          />
          <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type={typed.length > TRACKING_QUERY_LIMIT ? 'danger' : 'secondary'}>
              {t('tracking.count', { count: typed.length, limit: TRACKING_QUERY_LIMIT })}
            </Typography.Text>
            <Space>
              <Button
                icon={<ReloadOutlined />}
                disabled={numbers.length === 0}
                loading={refresh.isPending}
                onClick={() => refresh.mutate()}
                data-testid="tracking-refresh"
              >
                {t('tracking.refresh')}
              </Button>
              <Button
                type="primary"
                icon={<SearchOutlined />}
                disabled={typed.length === 0}
                loading={parcels.isFetching && !refresh.isPending}
                onClick={run}
                data-testid="tracking-submit"
              >
                {t('tracking.submit')}
              </Button>
            </Space>
          </Space>
          {typed.length > TRACKING_QUERY_LIMIT && (
            <Alert type="warning" showIcon title={t('tracking.tooMany', { limit: TRACKING_QUERY_LIMIT })} />
          )}
        </Space>
      </Card>

      {numbers.length > 0 && (
        <Card
          title={t('tracking.results', { count: list.length })}
          extra={
            <Space size={4} wrap data-testid="tracking-summary">
              {[...counts.entries()]
                .sort(([, a], [, b]) => a.status - b.status || Number(b.labelled) - Number(a.labelled))
                .map(([key, { status, labelled, count }]) => (
                  <Tag key={key} color={TRACKING_STATE_COLORS[status]}>
                    {trackingStateText(t, status, labelled)} {count}
                  </Tag>
                ))}
            </Space>
          }
        >
          {parcels.isPending ? (
            <Spin />
          ) : list.length === 0 ? (
            <Empty />
          ) : (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {list.map((parcel) => (
                <ParcelCard key={parcel.trackingNo} parcel={parcel} onSubscribe={setSubscribing} />
              ))}
            </Space>
          )}
        </Card>
      )}
      <SubscribeModal trackingNo={subscribing} onClose={() => setSubscribing(null)} />
    </Space>
  );
}
