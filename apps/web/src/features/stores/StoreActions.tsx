import { DisconnectOutlined, SyncOutlined, UnorderedListOutlined } from '@ant-design/icons';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import { STORES_KEY, type StorePlatform, type StoreView } from '../../api/stores';
import { batchDraftsPath } from '../../utils/navigation';

/** What disconnecting does in each store (docs/stores.md): WooCommerce cannot revoke its keys itself. */
const DISCONNECT_TEXT: Record<StorePlatform, string> = {
  shopify: 'stores.disconnectShopify',
  woocommerce: 'stores.disconnectWooCommerce',
};

/**
 * A store's actions on /settings/sales: sync now (an active store only), its orders, and disconnect after a
 * confirmation saying what disconnecting does.
 */
export function StoreActions({ store, onOrders }: { store: StoreView; onOrders: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [STORES_KEY] });
  const sync = useMutation({
    mutationFn: () => call(storesContracts.syncStore, { params: { id: store.id } }),
    onSuccess: (counts) => {
      // The message is drawn outside the router: its link navigates with this screen's navigate.
      const { batchNo } = counts;
      message.success(
        <span data-testid="store-synced">
          {t('stores.synced', { name: store.name, ...counts })}
          {batchNo && (
            <Button
              type="link"
              size="small"
              onClick={() => void navigate(batchDraftsPath(batchNo))}
              data-testid="store-synced-drafts"
            >
              {t('stores.openDrafts')}
            </Button>
          )}
        </span>,
      );
      return refresh();
    },
  });
  const disconnect = useMutation({
    mutationFn: () => call(storesContracts.disconnectStore, { params: { id: store.id } }),
    onSuccess: () => {
      message.success(<span data-testid="store-disconnected">{t('stores.disconnected', { name: store.name })}</span>);
      return refresh();
    },
  });
  const active = store.status === 'active';

  return (
    <Space size={0} wrap>
      <Tooltip title={active ? undefined : t('stores.syncActiveOnly')}>
        <Button
          type="link"
          size="small"
          icon={<SyncOutlined />}
          disabled={!active}
          loading={sync.isPending}
          onClick={() => sync.mutate()}
          data-testid="store-sync"
        >
          {t('stores.sync')}
        </Button>
      </Tooltip>
      <Button type="link" size="small" icon={<UnorderedListOutlined />} onClick={onOrders} data-testid="store-orders">
        {t('stores.orders.open')}
      </Button>
      {store.status !== 'disconnected' && (
        <Popconfirm
          title={t('stores.disconnectTitle', { name: store.name })}
          description={t(DISCONNECT_TEXT[store.platform])}
          okText={t('stores.disconnect')}
          okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
          cancelText={t('common.cancel')}
          onConfirm={() => disconnect.mutateAsync()}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DisconnectOutlined />}
            loading={disconnect.isPending}
            data-testid="store-disconnect"
          >
            {t('stores.disconnect')}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
