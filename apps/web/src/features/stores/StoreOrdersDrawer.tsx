import { EDITABLE_STATUSES } from '@parcelport/shared';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Space, Switch, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { type FulfilmentState, STORES_KEY, type StoreOrderView, type StoreView } from '../../api/stores';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { DraftGaps } from './DraftGaps';

/** Where our order opens: a draft (or a failed purchase) in the order form to finish and buy, a label in its detail. */
const orderPath = (order: StoreOrderView) =>
  order.orderStatus === null || (EDITABLE_STATUSES as readonly number[]).includes(order.orderStatus)
    ? `/shipments/newOrder?orderId=${order.orderId}`
    : `/shipments/detail/${order.orderId}`;

const FULFILMENT_COLORS: Record<FulfilmentState, string> = {
  none: 'default',
  pushed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** What the drawer shows: the store, and whether it opens on the failing orders only. */
export interface OrdersView {
  store: StoreView;
  failingOnly: boolean;
}

/** One store's orders, paged, all of them or the failing ones; each opened here from the drawer. */
function StoreOrders({ store, failingOnly: failingAtFirst }: OrdersView) {
  const { t } = useTranslation();
  const [failingOnly, setFailingOnly] = useState(failingAtFirst);
  const { page, pageSize, setPage, pagination } = usePaging();
  const query = { page, pageSize, failingOnly: failingOnly || undefined };
  const orders = useQuery({
    queryKey: [STORES_KEY, 'orders', store.id, query],
    queryFn: () => call(storesContracts.listStoreOrders, { params: { id: store.id }, query }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<StoreOrderView> = [
    { title: t('stores.orders.externalName'), dataIndex: 'externalName', width: 120 },
    {
      title: t('stores.orders.orderNo'),
      key: 'orderNo',
      width: 180,
      render: (_value, order) =>
        order.orderId === null ? (
          <Typography.Text type="secondary">{t('stores.orders.notImported')}</Typography.Text>
        ) : (
          <Link to={orderPath(order)} data-testid="store-order-link">
            {order.orderNo ?? `#${order.orderId}`}
          </Link>
        ),
    },
    {
      title: t('stores.orders.trackingNumber'),
      dataIndex: 'trackingNumber',
      width: 200,
      render: (value: string | null) => value ?? NO_VALUE,
    },
    {
      title: t('stores.orders.fulfilment'),
      dataIndex: 'fulfilment',
      width: 120,
      render: (state: FulfilmentState) => (
        <Tag color={FULFILMENT_COLORS[state]} data-testid="store-order-fulfilment" data-state={state}>
          {t(`stores.fulfilment.${state}`)}
        </Tag>
      ),
    },
    {
      title: t('stores.orders.error'),
      dataIndex: 'error',
      render: (error: string | null, order) =>
        order.missing !== null ? (
          <DraftGaps order={{ ...order, missing: order.missing }} />
        ) : error === null ? (
          NO_VALUE
        ) : (
          <Typography.Text type="danger" ellipsis={{ tooltip: error }}>
            {error}
          </Typography.Text>
        ),
    },
    { title: t('stores.orders.syncedAt'), dataIndex: 'syncedAt', width: 150, render: shownMinute },
  ];

  return (
    <div data-testid="store-orders-drawer">
      <Space style={{ marginBottom: 16 }}>
        <Switch
          checked={failingOnly}
          onChange={(checked) => {
            setFailingOnly(checked);
            setPage(1);
          }}
          data-testid="store-orders-failing"
        />
        {t('stores.orders.failingOnly')}
      </Space>
      <Table<StoreOrderView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 960 }}
        onRow={(order) => ({ 'data-testid': `store-order-row-${order.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(orders.data?.total ?? 0)}
        locale={{ emptyText: t(failingOnly ? 'stores.orders.noneFailing' : 'stores.orders.none') }}
      />
    </div>
  );
}

/** The orders drawer of /settings/sales; its filter and page start afresh each time it opens. */
export function StoreOrdersDrawer({ view, onClose }: { view: OrdersView | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={view !== null}
      onClose={onClose}
      size={1000}
      title={view && t('stores.orders.title', { name: view.store.name })}
      destroyOnHidden
    >
      {view && <StoreOrders {...view} />}
    </Drawer>
  );
}
