import { ReloadOutlined, WalletOutlined } from '@ant-design/icons';
import { hasAnyCode } from '@parcelport/shared';
import { Button, Popover, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Money } from '../components/Money';
import { walletsOf } from '../components/wallets';
import { userCodes, useSessionStore } from '../stores/session';

// The wallets' panel (antd's Statistic and cards) loads when the balances are first opened, not with every screen.
const WalletSummary = lazy(() =>
  import('../components/WalletSummary').then((module) => ({ default: module.WalletSummary })),
);

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
  if (!userInfo) return null;
  const codes = userCodes(userInfo);
  if (!hasAnyCode(['rechargePage', 'appBalanceList'], codes)) return null;

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
