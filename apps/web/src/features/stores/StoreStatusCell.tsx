import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StoreStatus, StoreView } from '../../api/stores';

const STATUS_COLORS: Record<StoreStatus, string> = {
  connecting: 'processing',
  active: 'success',
  failing: 'error',
  disconnected: 'default',
};

/**
 * A store's state, with what it means when it needs the merchant: a connection waiting for the approval in
 * the store, the store's last complaint (refused credentials or webhooks, a sync that failed) until a call
 * succeeds, and for a failing store, where the merchant can, the way to reconnect.
 */
export function StoreStatusCell({ store, onReconnect }: { store: StoreView; onReconnect?: () => void }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size={2} style={{ maxWidth: '100%' }}>
      <Tag color={STATUS_COLORS[store.status]} data-testid="store-status" data-status={store.status}>
        {t(`stores.statuses.${store.status}`)}
      </Tag>
      {store.status === 'connecting' && (
        <Typography.Text type="secondary" data-testid="store-connecting-hint">
          {t('stores.connectingHint')}
        </Typography.Text>
      )}
      {store.lastError && (
        <Typography.Text type="danger" ellipsis={{ tooltip: store.lastError }} data-testid="store-error">
          {store.lastError}
        </Typography.Text>
      )}
      {store.status === 'failing' && onReconnect && (
        <Typography.Text type="secondary">
          {t('stores.reconnectHint')}{' '}
          <Button type="link" size="small" onClick={onReconnect} style={{ padding: 0 }} data-testid="store-reconnect">
            {t('stores.reconnect')}
          </Button>
        </Typography.Text>
      )}
    </Space>
  );
}
