import { Space, type TableColumnsType, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { StorePlatform, StoreView } from '../../api/stores';
import { stackedTitle } from '../../components/orderColumns';
import { batchDraftsPath } from '../../utils/navigation';
import { shownMinute } from '../../utils/shown';
import { StoreStatusCell } from './StoreStatusCell';

/**
 * What a merchant's /settings/sales and staff's /adminSettings/stores both show of a store: its name,
 * platform, account, state and last sync, read the same way on both.
 */
const PLATFORM_COLORS: Record<StorePlatform, string> = { shopify: 'green', woocommerce: 'purple' };

/** A store's times (epoch ms) to the minute; none is a dash. */

/**
 * When the store's orders were last read and what that did, or that they never were; the merchant opens
 * the drafts that sync made.
 */
function LastSync({ store, withDrafts }: { store: StoreView; withDrafts: boolean }) {
  const { t } = useTranslation();
  const { lastSyncAt, lastSync } = store;
  if (lastSyncAt === null)
    return (
      <Typography.Text type="secondary" data-testid="store-last-sync">
        {t('stores.neverSynced')}
      </Typography.Text>
    );
  return (
    <div data-testid="store-last-sync">
      <div>{shownMinute(lastSyncAt)}</div>
      {lastSync && (
        <Typography.Text type="secondary">
          {t('stores.syncCounts', { ...lastSync })}
          {withDrafts && lastSync.batchNo && (
            <>
              {' · '}
              <Link to={batchDraftsPath(lastSync.batchNo)} data-testid="store-last-drafts">
                {t('stores.openDrafts')}
              </Link>
            </>
          )}
        </Typography.Text>
      )}
    </div>
  );
}

/**
 * The shared columns; for the merchant's own stores (`mine`), a failing store offers to connect it again
 * and the last sync opens its new drafts.
 */
export function storeColumns<T extends StoreView>(
  t: TFunction,
  mine?: { onReconnect: (store: T) => void },
): TableColumnsType<T> {
  return [
    // Issue 14: the store's account under its name, so both lists fit 1440 px with the menu open; the
    // account's own column is offered in the table settings.
    {
      title: stackedTitle(t('stores.name'), t('stores.account')),
      dataIndex: 'name',
      width: 180,
      render: (name: string, store) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{name}</Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: store.account }} style={{ maxWidth: 156 }}>
            {store.account}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('stores.platform'),
      dataIndex: 'platform',
      width: 110,
      render: (platform: StorePlatform) => (
        <Tag color={PLATFORM_COLORS[platform]} data-testid="store-platform-tag">
          {t(`stores.platforms.${platform}`)}
        </Tag>
      ),
    },
    { title: t('stores.account'), dataIndex: 'account', width: 200, ellipsis: true, hidden: true },
    {
      title: t('stores.status'),
      key: 'status',
      width: 190,
      render: (_value, store) => (
        <StoreStatusCell store={store} onReconnect={mine && (() => mine.onReconnect(store))} />
      ),
    },
    {
      title: t('stores.lastSync'),
      key: 'lastSync',
      width: 200,
      render: (_value, store) => <LastSync store={store} withDrafts={mine !== undefined} />,
    },
  ];
}
