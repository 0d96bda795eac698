import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Empty, Spin, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminOrderDetail, OrderParty } from '../../../api/adminOrders';
import { call } from '../../../api/call';
import { Money } from '../../../components/Money';
import { OrderStatusTag } from '../../../components/OrderStatusTag';
import { shownName } from '../../../i18n';
import { NO_VALUE, shownMinute } from '../../../utils/shown';
import { sizeText } from '../../../utils/size';

function Party({ party }: { party: OrderParty }) {
  return (
    <div>
      <div>
        <Typography.Text strong>{party.personName}</Typography.Text>
        {party.company ? ` · ${party.company}` : ''}
      </div>
      <div>{[party.addressLine1, party.addressLine2].filter(Boolean).join(', ')}</div>
      <div>
        {party.city}, {party.stateCode} {party.zipCode} {party.countryCode}
      </div>
      {party.phone && <div>{party.phone}</div>}
    </div>
  );
}

function Detail({ order }: { order: AdminOrderDetail }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'orderNo', label: t('waybills.orderNo'), children: order.orderNo },
          {
            key: 'status',
            label: t('waybills.statusLabel'),
            children: <OrderStatusTag status={order.status} wording="admin" />,
          },
          { key: 'tackNo', label: t('waybills.tackNo'), children: order.tackNo ?? NO_VALUE },
          { key: 'user', label: t('waybills.userId'), children: order.userId },
          {
            key: 'service',
            label: t('waybills.service'),
            children: order.serviceName ? `${order.carrierCode ?? ''} · ${shownName(order.serviceName)}` : NO_VALUE,
          },
          { key: 'zone', label: t('carriers.zones.zone'), children: order.zone ?? NO_VALUE },
          { key: 'rate', label: t('waybills.rate'), children: order.rate ? <Money amount={order.rate} /> : NO_VALUE },
          { key: 'insuranceFee', label: t('waybills.insuranceFee'), children: <Money amount={order.insuranceFee} /> },
          {
            key: 'earnest',
            label: t('waybills.earnest'),
            children: (
              <>
                <Money amount={order.earnest} />{' '}
                {order.earnestReleasedAt && <Tag color="green">{t('waybills.earnestReleased')}</Tag>}
              </>
            ),
          },
          {
            key: 'billed',
            label: t('waybills.billedCost'),
            children: order.billedCost ? <Money amount={order.billedCost} /> : NO_VALUE,
          },
          { key: 'createdAt', label: t('waybills.createdAt'), children: shownMinute(order.createdAt) },
          { key: 'createdTime', label: t('waybills.labelTime'), children: shownMinute(order.createdTime) },
          { key: 'from', label: t('waybills.from'), children: <Party party={order.from} /> },
          { key: 'to', label: t('waybills.to'), children: <Party party={order.to} /> },
          {
            key: 'ref',
            label: t('waybills.references'),
            children: [order.reference1, order.reference2].filter(Boolean).join(' / ') || NO_VALUE,
          },
          {
            key: 'test',
            label: t('waybills.testMode'),
            children: order.isTest ? <Tag color="purple">{t('orderList.test')}</Tag> : NO_VALUE,
          },
          ...(order.auditInfo
            ? [{ key: 'audit', label: t('waybills.auditInfo'), span: 2, children: order.auditInfo }]
            : []),
          ...(order.failReason
            ? [{ key: 'fail', label: t('waybills.failReason'), span: 2, children: order.failReason }]
            : []),
        ]}
      />
      <Typography.Title level={2} className="pp-minor-heading" style={{ marginTop: 20 }}>
        {t('waybills.parcels')}
      </Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={order.parcels}
        columns={[
          { title: '#', dataIndex: 'seq', width: 48 },
          {
            title: t('waybills.dimensions'),
            key: 'dims',
            render: (_value, parcel) => sizeText(parcel, parcel.distanceUnit),
          },
          {
            title: t('waybills.weight'),
            key: 'weight',
            render: (_value, parcel) => `${parcel.weight} ${parcel.massUnit}`,
          },
          {
            title: t('waybills.insured'),
            dataIndex: 'insuredValue',
            render: (value: string) => <Money amount={value} />,
          },
          { title: t('waybills.tackNo'), dataIndex: 'trackingNo', render: (value: string | null) => value ?? NO_VALUE },
        ]}
      />
      <Typography.Title level={2} className="pp-minor-heading" style={{ marginTop: 20 }}>
        {t('waybills.timeline')}
      </Typography.Title>
      {order.timeline.length === 0 ? (
        <Empty />
      ) : (
        <div data-testid="order-timeline">
          <Timeline
            items={order.timeline.map((event, index) => ({
              key: `${event.time}-${index}`,
              color: event.event === 'failed' || event.event.endsWith('Rejected') ? 'red' : 'blue',
              content: (
                <div>
                  <Typography.Text strong>{event.title}</Typography.Text>
                  <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                    {shownMinute(event.time)}
                  </Typography.Text>
                  {event.detail && <div style={{ opacity: 0.75 }}>{event.detail}</div>}
                </div>
              ),
            }))}
          />
        </div>
      )}
    </>
  );
}

/** An order's detail with its parcels and timeline (GET /api/admin/order/detail/{id}). */
export function OrderDetailDrawer({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({
    queryKey: ['adminOrderDetail', orderId],
    queryFn: () => call(ordersContracts.getOrder.admin, { params: { id: orderId as number } }),
    enabled: orderId !== null,
  });
  return (
    <Drawer
      open={orderId !== null}
      onClose={onClose}
      size={760}
      title={t('waybills.detailTitle', { orderNo: detail.data?.orderNo ?? '' })}
      destroyOnHidden
    >
      <section
        data-testid="order-detail"
        aria-label={t('waybills.detailTitle', { orderNo: detail.data?.orderNo ?? '' })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the drawer scrolls a detail taller than itself and holds nothing else to focus; without a focusable region a keyboard cannot scroll it (WCAG 2.1.1, axe scrollable-region-focusable).
        tabIndex={0}
      >
        {detail.isLoading ? <Spin /> : detail.data ? <Detail order={detail.data} /> : <Empty />}
      </section>
    </Drawer>
  );
}
