import { ReloadOutlined, WalletOutlined } from '@ant-design/icons';
import { hasAnyCode } from '@parcelport/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Popover, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getMessages } from '../api/user';
import { Money } from '../components/Money';
import { seesMoney, userCodes, useSessionStore } from '../stores/session';
import { walletsOf } from '../utils/wallets';
import { MESSAGES_KEY } from './useAlerts';

// The wallets' panel (antd's Statistic and cards) loads when the balances are first opened, not with every screen.
const WalletSummary = lazy(() => import('../features/funds').then((module) => ({ default: module.WalletSummary })));

/**
 * The navbar's balances: USD and CNY available funds; the popover shows each wallet with its credit
 * limit, the exchange rate beside CNY, a refresh and the way to recharge.
 */
export function NavbarBalances() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useSessionStore((state) => state.userInfo);
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [open, setOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  useRefreshOnNewMessage(fetchUserInfo);
  if (!userInfo) return null;
  const codes = userCodes(userInfo);
  if (!hasAnyCode(['rechargePage', 'appBalanceList'], codes)) return null;
  if (!seesMoney(userInfo)) return null;

  const refresh = async () => {
    setRefreshing(true);
    try {
      await fetchUserInfo({ isHideMsg: true });
    } catch {
      // the session ends on 401; otherwise the old figures stay
    } finally {
      setRefreshing(false);
    }
  };

  const panel = (
    <div style={{ width: 420 }} data-testid="navbar-balances-panel">
      <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
        <WalletSummary userInfo={userInfo} />
      </Suspense>
      <Space style={{ marginTop: 12, width: '100%', justifyContent: 'flex-end' }}>
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={refreshing}
          onClick={() => void refresh()}
          data-testid="navbar-balances-refresh"
        >
          {t('funds.refresh')}
        </Button>
        {hasAnyCode(['rechargePage'], codes) && (
          <Button
            size="small"
            type="primary"
            onClick={() => {
              setOpen(false);
              navigate('/postage/recharge');
            }}
            data-testid="navbar-balances-recharge"
          >
            {t('funds.goRecharge')}
          </Button>
        )}
      </Space>
    </div>
  );

  return (
    <Popover
      content={panel}
      title={t('funds.balances')}
      trigger="click"
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void refresh();
      }}
      placement="bottomRight"
    >
      <Button
        type="text"
        icon={<WalletOutlined />}
        data-testid="navbar-balances"
        aria-label={t('funds.balances')}
        title={userInfo.exchangeRate ? t('funds.exchangeRate', { rate: userInfo.exchangeRate }) : undefined}
      >
        <Space size={8} className="pp-navbar-balances">
          {walletsOf(userInfo).map((wallet) => (
            <Typography.Text key={wallet.currency} data-testid={`navbar-balance-${wallet.currency}`}>
              <Money amount={wallet.balance} currency={wallet.currency} />
            </Typography.Text>
          ))}
        </Space>
      </Button>
    </Popover>
  );
}

/**
 * Reads the balances again when a new message arrives in the box (the bell asks every minute): a top-up
 * approved, a refund or a bill deduction is told by a message, and the navbar must not show the old figures
 * until the page is reloaded. The messages are the box's own query (same key), so nothing more is asked.
 */
function useRefreshOnNewMessage(fetchUserInfo: (options: { isHideMsg: boolean }) => Promise<unknown>) {
  const newest = useQuery({
    queryKey: MESSAGES_KEY,
    queryFn: () => getMessages(),
    select: (messages) => messages.reduce((latest, message) => Math.max(latest, message.id), 0),
  }).data;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (newest === undefined) return;
    if (seen.current !== undefined && newest > seen.current) {
      void fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
    }
    seen.current = newest;
  }, [newest, fetchUserInfo]);
}
