import { CheckOutlined, CloseOutlined, ReloadOutlined } from '@ant-design/icons';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Card, Input, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../../api/adminOrders';
import { call } from '../../../api/call';
import { Money } from '../../../components/Money';
import { Stacked } from '../../../components/orderColumns';
import { TrackingText } from '../../../components/TrackingText';
import { ArrangedTable } from '../../../components/table/ArrangedTable';
import { usePaging } from '../../../components/usePaging';
import { shownName } from '../../../i18n';
import { NO_VALUE, shownMinute } from '../../../utils/shown';
import { CustomerCell } from './CustomerCell';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { ReasonModal } from './ReasonModal';

/**
 * /adminSettings/orderReview: orders pending transport (1) to approve, or reject with a reason the
 * customer reads as the order's auditInfo (the order is refunded and goes to 16).
 */
export default function OrderReview() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const { page, pageSize, setPage, pagination } = usePaging();
  const [rejecting, setRejecting] = useState<AdminOrder | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);

  const orders = useQuery({
    queryKey: ['reviewOrders', keyword, page, pageSize],
    queryFn: () => call(ordersContracts.listReviewOrders, { query: { keyword: keyword || undefined, page, pageSize } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['reviewOrders'] });

  const approve = async (order: AdminOrder) => {
    try {
      await call(ordersContracts.reviewOrder, { body: { id: order.id, approve: true } });
      message.success(
        <span data-testid="review-approved">{t('orderReview.approved', { orderNo: order.orderNo })}</span>,
      );
      await refresh();
    } catch {
      // the request client has shown why
    }
  };

  // Issue 14: the list's own columns fit a 1440 px screen with the menu open (FITS_1440), the tracking number
  // under the order number (its own column waits in the table settings).
  const columns: TableColumnsType<AdminOrder> = [
    {
      title: t('waybills.orderNo'),
      dataIndex: 'orderNo',
      width: 190,
      render: (orderNo: string, order) => (
        <Stacked>
          <Typography.Link onClick={() => setDetailId(order.id)}>{orderNo}</Typography.Link>
          {order.tackNo && <TrackingText carrierCode={order.carrierCode} value={order.tackNo} line />}
        </Stacked>
      ),
    },
    {
      title: t('waybills.tackNo'),
      dataIndex: 'tackNo',
      width: 200,
      hidden: true,
      render: (value: string | null) => value ?? NO_VALUE,
    },
    {
      title: t('waybills.customer'),
      dataIndex: 'customer',
      width: 170,
      render: (_value, order) => <CustomerCell order={order} />,
    },
    {
      title: t('waybills.service'),
      key: 'service',
      width: 170,
      render: (_value, order) =>
        order.serviceName ? `${order.carrierCode} · ${shownName(order.serviceName)}` : NO_VALUE,
    },
    {
      title: t('waybills.rate'),
      dataIndex: 'rate',
      width: 90,
      align: 'right',
      render: (value: string | null) => (value ? <Money amount={value} /> : NO_VALUE),
    },
    {
      title: t('waybills.recipient'),
      key: 'recipient',
      width: 180,
      ellipsis: true,
      render: (_value, order) => `${order.toPersonName} · ${order.toAddress} ${order.toZipCode}`,
    },
    {
      title: t('waybills.labelTime'),
      dataIndex: 'createdTime',
      width: 140,
      render: shownMinute,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_value, order) => (
        <Space size={0}>
          <Popconfirm
            title={t('orderReview.approveConfirm', { orderNo: order.orderNo })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ 'data-testid': 'popconfirm-ok' } as ButtonProps}
            onConfirm={() => approve(order)}
          >
            <Button type="link" size="small" icon={<CheckOutlined />} data-testid="review-approve">
              {t('orderReview.approve')}
            </Button>
          </Popconfirm>
          <Button
            type="link"
            size="small"
            danger
            icon={<CloseOutlined />}
            onClick={() => setRejecting(order)}
            data-testid="review-reject"
          >
            {t('orderReview.reject')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.adminSettings.orderReview')}
      data-testid="order-review-page"
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={t('waybills.keywordPlaceholder')}
            onSearch={(value) => {
              setPage(1);
              setKeyword(value.trim());
            }}
            style={{ width: 260 }}
            data-testid="review-keyword"
          />
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
            {t('carriers.reload')}
          </Button>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('orderReview.hint')}</Typography.Paragraph>
      <ArrangedTable<AdminOrder>
        list="orderReview"
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        onRow={(order) => ({ 'data-testid': `review-row-${order.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(orders.data?.total ?? 0, undefined, orders.data?.totalCapped)}
      />
      <ReasonModal
        open={rejecting !== null}
        title={t('orderReview.rejectTitle', { orderNo: rejecting?.orderNo ?? '' })}
        description={<Typography.Paragraph type="secondary">{t('orderReview.rejectHint')}</Typography.Paragraph>}
        okText={t('orderReview.reject')}
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          if (!rejecting) return;
          await call(ordersContracts.reviewOrder, { body: { id: rejecting.id, approve: false, reason } });
          message.success(<span data-testid="review-rejected">{t('orderReview.rejected')}</span>);
          await refresh();
        }}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </Card>
  );
}
