import { PlusOutlined } from '@ant-design/icons';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { STORES_KEY, type StoreView } from '../../api/stores';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { ConnectStoreModal } from './ConnectStoreModal';
import { StoreActions } from './StoreActions';
import { type OrdersView, StoreOrdersDrawer } from './StoreOrdersDrawer';
import { storeColumns } from './storeColumns';

/**
 * /settings/sales (docs/spec.md §2 sales channels / online stores): the merchant's Shopify and WooCommerce
 * stores, whose unfulfilled orders come in as drafts and get their tracking numbers back; each with its
 * state, last sync and failing orders, synced, looked into, reconnected or disconnected here.
 */
export default function Sales() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stores = useQuery({ queryKey: [STORES_KEY, 'mine'], queryFn: () => call(storesContracts.listStores, {}) });
  /** The connect form: open for a new store (null) or to reconnect one. */
  const [connecting, setConnecting] = useState<{ store: StoreView | null } | null>(null);
  const [orders, setOrders] = useState<OrdersView | null>(null);

  // Issue 14: the store's account under its name (storeColumns), so the list fits 1440 px with the menu open.
  const columns: TableColumnsType<StoreView> = [
    ...storeColumns<StoreView>(t, { onReconnect: (store) => setConnecting({ store }) }),
    {
      title: t('stores.incomplete'),
      dataIndex: 'ordersIncomplete',
      width: 90,
      align: 'right',
      render: (count: number, store) =>
        count > 0 ? (
          <Button
            type="link"
            size="small"
            onClick={() => setOrders({ store, failingOnly: true })}
            data-testid="store-incomplete"
          >
            {count}
          </Button>
        ) : (
          <Typography.Text type="secondary" data-testid="store-incomplete">
            0
          </Typography.Text>
        ),
    },
    {
      title: t('stores.failing'),
      dataIndex: 'ordersFailing',
      width: 90,
      align: 'right',
      render: (count: number, store) =>
        count > 0 ? (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => setOrders({ store, failingOnly: true })}
            data-testid="store-failing"
          >
            {count}
          </Button>
        ) : (
          <Typography.Text type="secondary" data-testid="store-failing">
            0
          </Typography.Text>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_value, store) => (
        <StoreActions store={store} onOrders={() => setOrders({ store, failingOnly: false })} />
      ),
    },
  ];

  return (
    <Card
      title={t('menu.settings.sales')}
      data-testid="stores-page"
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setConnecting({ store: null })}
          data-testid="store-connect"
        >
          {t('stores.connect')}
        </Button>
      }
    >
      <ArrangedTable<StoreView>
        list="myStores"
        rowKey="id"
        columns={columns}
        dataSource={stores.data ?? []}
        loading={stores.isFetching}
        pagination={false}
        onRow={(store) => ({ 'data-testid': `store-row-${store.id}` }) as React.HTMLAttributes<HTMLElement>}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <span data-testid="stores-empty">
                  <Typography.Text strong>{t('stores.emptyTitle')}</Typography.Text>
                  <br />
                  {t('stores.emptyText')}
                </span>
              }
            />
          ),
        }}
      />
      <ConnectStoreModal
        open={connecting !== null}
        store={connecting?.store ?? null}
        onClose={() => setConnecting(null)}
        onConnected={() => void queryClient.invalidateQueries({ queryKey: [STORES_KEY] })}
      />
      <StoreOrdersDrawer view={orders} onClose={() => setOrders(null)} />
    </Card>
  );
}
