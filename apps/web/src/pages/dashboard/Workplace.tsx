import { Card, Col, Row, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Wallet } from '../../api/types';
import { Money } from '../../components/Money';
import { ExchangeRateTag } from '../../components/WalletSummary';
import { useSessionStore } from '../../stores/session';

const BALANCES = ['balance', 'earnestBalance', 'depositBalance', 'refundAmount', 'creditLimit'] as const;

function WalletCard({ wallet, exchangeRate }: { wallet: Wallet; exchangeRate?: string }) {
  const { t } = useTranslation();
  return (
    <Card
      title={t('workplace.wallet', { currency: wallet.currency })}
      extra={wallet.currency === 'CNY' ? <ExchangeRateTag rate={exchangeRate} /> : null}
      data-testid={`wallet-${wallet.currency}`}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={[16, 16]}>
        {BALANCES.map((key) => (
          <Col xs={12} md={8} xl={4} key={key} flex="1">
            <Statistic
              title={t(`workplace.${key}`)}
              valueRender={() => (
                <span data-testid={`balance-${wallet.currency}-${key}`}>
                  <Money amount={wallet[key]} currency={wallet.currency} />
                </span>
              )}
            />
          </Col>
        ))}
      </Row>
    </Card>
  );
}

/** The workplace dashboard: greets the user and shows the wallets; charts join when their data exists. */
export default function Workplace() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  if (!userInfo) return null;
  const hour = dayjs().hour();
  const greeting = hour < 12 ? 'workplace.morning' : hour < 18 ? 'workplace.afternoon' : 'workplace.evening';
  const wallets: Wallet[] =
    userInfo.wallets.length > 0
      ? userInfo.wallets
      : [
          {
            currency: 'USD',
            balance: userInfo.balance,
            earnestBalance: userInfo.earnestBalance,
            depositBalance: userInfo.depositBalance,
            refundAmount: userInfo.refundAmount,
            creditLimit: userInfo.creditLimit,
          },
        ];
  const ordered = [...wallets].sort((a, b) => (a.currency === 'USD' ? -1 : b.currency === 'USD' ? 1 : 0));

  return (
    <div data-testid="workplace-page">
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="workplace-greeting">
          {t(greeting, { name: userInfo.name || userInfo.username })}
        </Typography.Title>
        <Typography.Text type="secondary">
          {t('workplace.account', { account: userInfo.accountId || '-', company: userInfo.company || '-' })}
        </Typography.Text>
      </Card>
      {ordered.map((wallet) => (
        <WalletCard key={wallet.currency} wallet={wallet} exchangeRate={userInfo.exchangeRate} />
      ))}
    </div>
  );
}
