import { LABEL_PAID_STATUSES, ORDER_STATUS, withoutDemoMark } from '@parcelport/shared';
import * as returnsContracts from '@parcelport/shared/contracts/returns/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import type { OrderDetail } from '../../api/orders';
import { type ReturnView, returnLinkUrl } from '../../api/returns';
import { Money } from '../../components/Money';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { ReturnDialog } from './ReturnDialog';

/** How a return is paid, and where it stands: not bought yet, to be used until…, charged shownMinute its first scan, lapsed. */
function PaymentTag({ view }: { view: ReturnView }) {
  const { t } = useTranslation();
  // A draft kept from the dialog (or whose purchase failed) has no label, so nothing is charged or to be.
  if (view.status === ORDER_STATUS.draft || view.status === ORDER_STATUS.failed)
    return <Tag data-testid="return-state">{t('returns.notBoughtTag')}</Tag>;
  if (view.lapsedAt) return <Tag data-testid="return-state">{t('returns.lapsed')}</Tag>;
  if (view.usedAt)
    return (
      <Tag color="blue" data-testid="return-state">
        {t('returns.used', { at: shownMinute(view.usedAt) })}
      </Tag>
    );
  return view.payOnUse ? (
    <Tag color="green" data-testid="return-state">
      {t('returns.payOnUseTag')}
    </Tag>
  ) : (
    <Tag data-testid="return-state">{t('returns.chargedNowTag')}</Tag>
  );
}

/** The return link to send, with its copy button. */
function ReturnLink({ view }: { view: ReturnView }) {
  const { t } = useTranslation();
  if (view.status === ORDER_STATUS.draft || view.status === ORDER_STATUS.failed || !view.trackingNo) return NO_VALUE;
  const url = returnLinkUrl(view.link);
  return (
    <Typography.Text copyable={{ text: url, tooltips: [t('returns.copyLink'), t('returns.linkCopied')] }}>
      <a href={url} target="_blank" rel="noreferrer" data-testid="return-link">
        {t('returns.openLink')}
      </a>
    </Typography.Text>
  );
}

/**
 * The returns part of an order's page (issue 28): an outbound label's returns with "create return", or a
 * return's own state (paid on use or charged, valid until, first scan), its outbound order and its link.
 */
export function ReturnsCard({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const returns = useQuery({
    queryKey: ['orders', 'returns', order.id],
    queryFn: () => call(returnsContracts.getOrderReturns.app, { params: { id: order.id } }),
  });
  const [buying, setBuying] = useState<number | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['orders'] });
  const create = useMutation({
    mutationFn: () => call(returnsContracts.createReturn, { body: { outboundId: order.id } }),
    onSuccess: ({ orderId }) => {
      setBuying(orderId);
      void refresh();
    },
  });
  const scan = useMutation({
    mutationFn: () => call(returnsContracts.demoScan, { params: { id: order.id } }),
    onSuccess: () => {
      void message.success(t('returns.demoScanned'));
      void refresh();
    },
  });
  const bought = (LABEL_PAID_STATUSES as readonly number[]).includes(order.status) && order.refundedAt === null;
  const isDemo = order.serviceName !== null && withoutDemoMark(order.serviceName) !== order.serviceName;
  const demoButton = isDemo && bought && (
    <Button onClick={() => scan.mutate()} loading={scan.isPending} data-testid="demo-scan">
      {t('returns.demoScan')}
    </Button>
  );
  const dialog = buying !== null && (
    <ReturnDialog
      returnId={buying}
      onClose={() => setBuying(null)}
      onBought={() => {
        setBuying(null);
        void message.success(t('returns.bought'));
        void refresh();
      }}
    />
  );

  if (order.kind === 'return') {
    const view = returns.data?.return;
    const waiting = order.status === ORDER_STATUS.draft || order.status === ORDER_STATUS.failed;
    return (
      <Card
        title={t('returns.thisReturn')}
        size="small"
        data-testid="return-card"
        extra={
          <Space wrap>
            {waiting && (
              <Button type="primary" onClick={() => setBuying(order.id)} data-testid="return-open-options">
                {t('returns.options')}
              </Button>
            )}
            {demoButton}
          </Space>
        }
      >
        {view && (
          <Descriptions
            size="small"
            column={1}
            items={[
              {
                key: 'outbound',
                label: t('returns.outbound'),
                children: view.outboundId ? (
                  <Link to={`/shipments/detail/${view.outboundId}`} data-testid="return-outbound">
                    {t('returns.outboundLink')}
                  </Link>
                ) : (
                  t('returns.standalone')
                ),
              },
              { key: 'payment', label: t('returns.payment'), children: <PaymentTag view={view} /> },
              {
                key: 'validUntil',
                label: t('returns.validUntil'),
                children: <span data-testid="return-valid-until">{shownMinute(view.validUntil)}</span>,
              },
              {
                key: 'charged',
                label: t('returns.charged'),
                children: (
                  <span data-testid="return-charged">
                    <Money amount={view.charged} />
                  </span>
                ),
              },
              { key: 'link', label: t('returns.link'), children: <ReturnLink view={view} /> },
            ]}
          />
        )}
        {dialog}
      </Card>
    );
  }

  const list = returns.data?.returns ?? [];
  // A return drafted earlier and not bought (its dialog was closed): opened again rather than drafted twice.
  const unbought = list.find((view) => view.status === ORDER_STATUS.draft || view.status === ORDER_STATUS.failed);
  return (
    <Card
      title={t('returns.title')}
      size="small"
      data-testid="returns-card"
      extra={
        <Space wrap>
          {bought && (
            <Button
              onClick={() => (unbought ? setBuying(unbought.id) : create.mutate())}
              loading={create.isPending}
              data-testid="create-return"
            >
              {t('returns.create')}
            </Button>
          )}
          {demoButton}
        </Space>
      }
    >
      {list.length === 0 ? (
        <Typography.Text type="secondary">{t('returns.none')}</Typography.Text>
      ) : (
        <Table<ReturnView>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list}
          scroll={{ x: 700 }}
          onRow={(view) => ({ 'data-testid': `return-row-${view.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            {
              title: t('orderList.orderNo'),
              dataIndex: 'orderNo',
              render: (orderNo: string, view) => <Link to={`/shipments/detail/${view.id}`}>{orderNo}</Link>,
            },
            {
              title: t('field.status'),
              dataIndex: 'status',
              render: (status: number) => <OrderStatusTag status={status} />,
            },
            { title: t('returns.payment'), key: 'payment', render: (_v, view) => <PaymentTag view={view} /> },
            { title: t('returns.validUntil'), dataIndex: 'validUntil', render: shownMinute },
            {
              title: t('returns.charged'),
              dataIndex: 'charged',
              render: (charged: string) => <Money amount={charged} />,
            },
            { title: t('returns.link'), key: 'link', render: (_v, view) => <ReturnLink view={view} /> },
          ]}
        />
      )}
      {dialog}
    </Card>
  );
}
