import { ArrowLeftOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import { formatCents, hasAnyCode, ORDER_STATUS, parseMoney } from '@parcelport/shared';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Result,
  Row,
  Space,
  Spin,
  Steps,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { call } from '../../api/call';
import type { AddressValue, LabelNameBy, OrderDetail } from '../../api/orders';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import { TrackingText } from '../../components/TrackingText';
import { shownName } from '../../i18n';
import { userCodes, useSessionStore } from '../../stores/session';
import { NO_VALUE, shownSecond } from '../../utils/shown';
import { OrderClaims } from '../claims';
import { ReturnsCard } from '../returns';
import { TrackingPageLink } from '../tracking';
import { OrderCharges } from './OrderCharges';
import { OrderNote } from './OrderNote';
import { OrderParcels, TrackLink } from './OrderParcels';
import { OrderTags } from './OrderTags';
import { LabelNameBySwitch, OrderActions } from './orderActions';

const S = ORDER_STATUS;

/** Timeline dot colours by event: failures red, voids grey, cancellation steps orange, progress green. */
const EVENT_COLORS: Record<string, string> = {
  labelCreated: 'green',
  received: 'green',
  inTransit: 'blue',
  delivered: 'green',
  failed: 'red',
  reviewRejected: 'red',
  cancelRequested: 'orange',
  cancelRejected: 'orange',
  voided: 'gray',
  backToDraft: 'gray',
  placing: 'blue',
};

/** docs/spec.md §4 timeline: waybill generated, received, in transmitting, delivered. */
function progressOf(status: number): { current: number; error: boolean } {
  switch (status) {
    case S.draft:
    case S.placing:
      return { current: 0, error: false };
    case S.failed:
      return { current: 1, error: true };
    case S.pendingTransport:
    case S.cancelling:
    case S.forecast:
    case S.preparing:
      return { current: 1, error: false };
    case S.inTransit:
      return { current: 2, error: false };
    case S.delivered:
      return { current: 3, error: false };
    default:
      return { current: 1, error: true };
  }
}

function Party({ address, testId }: { address: AddressValue; testId: string }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2} data-testid={testId}>
      <Typography.Text strong>
        {address.personName}
        {address.company ? ` · ${address.company}` : ''}
      </Typography.Text>
      <span>{[address.addressLine1, address.addressLine2].filter(Boolean).join(', ')}</span>
      <span>
        {address.city}, {address.stateCode} {address.zipCode} · {address.countryCode}
      </span>
      {(address.phone || address.email) && (
        <Typography.Text type="secondary">{[address.phone, address.email].filter(Boolean).join(' · ')}</Typography.Text>
      )}
      {address.isResidential && <Tag>{t('addressForm.residential')}</Tag>}
    </Space>
  );
}

function DetailView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A question about this order goes to a work order that names it (docs/spec.md §2 /settings/management).
  const canAskSupport = hasAnyCode(['appQuestionList'], userCodes(useSessionStore((state) => state.userInfo)));
  const [nameBy, setNameBy] = useState<LabelNameBy>('orderNo');
  const progress = progressOf(order.status);
  const extra = order.extra ?? {};
  const trackingNumbers = order.parcels.flatMap((parcel) => (parcel.trackingNo ? [parcel.trackingNo] : []));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="order-detail-page">
      <Card
        title={
          <Space wrap>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => navigate(-1)}
              aria-label={t('notFound.back')}
            />
            <span data-testid="order-detail-no">{order.orderNo}</span>
            <OrderStatusTag status={order.status} />
            {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
            {order.kind === 'return' && (
              <Tag color="cyan" data-testid="order-detail-return">
                {t('orderList.returnTag')}
              </Tag>
            )}
          </Space>
        }
        extra={
          <Space wrap>
            {order.tackNo && <LabelNameBySwitch value={nameBy} onChange={setNameBy} />}
            <OrderActions order={order} nameBy={nameBy} showDetail={false} size="middle" confirmInPlace />
            {canAskSupport && (
              <Button
                icon={<CustomerServiceOutlined />}
                onClick={() => navigate(`/settings/management?waybill=${encodeURIComponent(order.orderNo)}`)}
                data-testid="order-detail-work-order"
              >
                {t('workOrder.askAbout')}
              </Button>
            )}
          </Space>
        }
      >
        {(order.failReason || order.auditInfo) && (
          <Alert
            type={order.failReason ? 'error' : 'warning'}
            showIcon
            style={{ marginBottom: 16 }}
            title={<OrderNote order={order} />}
          />
        )}
        {order.status === S.voided && order.refundedAt === null && (
          <Alert
            type={order.carrierRefund === 'rejected' ? 'warning' : 'info'}
            showIcon
            style={{ marginBottom: 16 }}
            data-testid="order-refund-waiting"
            title={t(
              order.carrierRefund === 'rejected' ? 'orderDetail.refundRefused' : 'orderDetail.refundFollowsCarrier',
              { amount: formatCents((parseMoney(order.rate ?? '0') ?? 0) + (parseMoney(order.insuranceFee) ?? 0)) },
            )}
          />
        )}
        <Steps
          size="small"
          current={progress.current}
          status={progress.error ? 'error' : progress.current === 3 ? 'finish' : 'process'}
          data-testid="order-progress"
          items={[
            { title: t('orderDetail.step.created') },
            { title: t('orderDetail.step.waybill') },
            // The states a parcel passes, named as every other screen names them.
            { title: t('orderStatus.2') },
            { title: t('orderStatus.3') },
          ]}
        />
      </Card>

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('newOrder.sender')} size="small" style={{ height: '100%' }}>
            <Party address={order.from} testId="order-detail-from" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('newOrder.recipient')} size="small" style={{ height: '100%' }}>
            <Party address={order.to} testId="order-detail-to" />
          </Card>
        </Col>
      </Row>

      <ReturnsCard order={order} />

      <OrderParcels order={order} />

      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <OrderCharges order={order} />
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('orderDetail.info')} size="small" style={{ height: '100%' }}>
            <Descriptions
              size="small"
              column={1}
              items={[
                {
                  key: 'service',
                  label: t('orderList.service'),
                  children: order.serviceName ? `${shownName(order.serviceName)} (${order.carrierCode})` : NO_VALUE,
                },
                { key: 'zone', label: t('rates.zone'), children: order.zone ?? NO_VALUE },
                {
                  key: 'tracking',
                  label: t('orderList.trackingNo'),
                  children: (
                    <Space size={6}>
                      <TrackingText carrierCode={order.carrierCode} value={order.tackNo} />
                      {order.tackNo && (
                        <TrackLink
                          numbers={trackingNumbers.length > 0 ? trackingNumbers : order.tackNo}
                          testId="order-track-link"
                        />
                      )}
                    </Space>
                  ),
                },
                ...(order.tackNo
                  ? [
                      {
                        key: 'trackingPage',
                        label: t('trackingLink.title'),
                        children: <TrackingPageLink orderId={order.id} />,
                      },
                    ]
                  : []),
                { key: 'labelSize', label: t('newOrder.labelSize'), children: order.labelSize },
                {
                  key: 'battery',
                  label: t('newOrder.batteryType'),
                  children: t(`newOrder.battery.${order.batteryType}`, { defaultValue: order.batteryType }),
                },
                {
                  key: 'signature',
                  label: t('newOrder.signatureOption'),
                  children: t(`newOrder.signature.${String(extra.signatureOption ?? 'none')}`),
                },
                {
                  key: 'references',
                  label: t('newOrder.references'),
                  children: [order.reference1, order.reference2].filter(Boolean).join(' / ') || NO_VALUE,
                },
                { key: 'remark', label: t('newOrder.remark'), children: order.remark || NO_VALUE },
                {
                  key: 'tags',
                  label: t('tags.title'),
                  children: order.tags.length ? <OrderTags tags={order.tags} /> : NO_VALUE,
                },
                ...(order.ruleTrail.length > 0 || order.heldForReview
                  ? [
                      {
                        key: 'rules',
                        label: t('orderDetail.rules'),
                        children: (
                          <Space orientation="vertical" size={0} data-testid="order-rule-trail">
                            {order.ruleTrail.map((entry) => (
                              <span key={entry.ruleId}>
                                {t('rules.setBy', {
                                  name: entry.ruleName,
                                  fields: entry.fields.map((field) => t(`rules.field.${field}`)).join(', '),
                                })}
                              </span>
                            ))}
                            {order.heldForReview && (
                              <Typography.Text type="warning">{t('orderDetail.held')}</Typography.Text>
                            )}
                          </Space>
                        ),
                      },
                    ]
                  : []),
                { key: 'shipDate', label: t('newOrder.shipDate'), children: order.shipDate ?? NO_VALUE },
                {
                  key: 'createdAt',
                  label: t('orderList.createdAt'),
                  children: shownSecond(order.createdAt),
                },
                {
                  key: 'createdTime',
                  label: t('orderList.labelTime'),
                  children: shownSecond(order.createdTime),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>

      <OrderClaims order={order} />

      <Card title={t('orderDetail.timeline')} size="small">
        {order.timeline.length === 0 ? (
          <Empty />
        ) : (
          <Timeline
            data-testid="order-timeline"
            items={order.timeline.map((entry, index) => ({
              key: `${entry.time}-${index}`,
              color: EVENT_COLORS[entry.event] ?? 'blue',
              title: shownSecond(entry.time),
              content: (
                <Space orientation="vertical" size={0} data-testid={`timeline-${entry.event}`}>
                  <Typography.Text strong>{entry.title}</Typography.Text>
                  {entry.detail && <Typography.Text type="secondary">{entry.detail}</Typography.Text>}
                </Space>
              ),
            }))}
          />
        )}
      </Card>
    </Space>
  );
}

/** /shipments/detail/:id — the order detail page of docs/spec.md §2, with its timeline (docs/spec.md §4). */
export default function OrderDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const detail = useQuery({
    queryKey: ['orders', 'detail', id],
    queryFn: () => call(ordersContracts.getOrder.app, { params: { id } }),
    enabled: Number.isInteger(id) && id > 0,
  });
  if (detail.isPending && detail.fetchStatus !== 'idle') {
    return (
      <Card>
        <Spin />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Result
        status="404"
        title={t('orderDetail.notFound')}
        extra={<Button onClick={() => navigate('/shipments/allWaybills')}>{t('menu.shipments.allWaybills')}</Button>}
      />
    );
  }
  return <DetailView order={detail.data} />;
}
