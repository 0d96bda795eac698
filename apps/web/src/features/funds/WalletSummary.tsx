import { Card, Col, Row, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../api/types';
import { Money } from '../../components/Money';
import { walletsOf } from '../../utils/wallets';

/** "1 USD = 7.10 CNY", shown beside the CNY wallet. */
export function ExchangeRateTag({ rate }: { rate: string | undefined }) {
  const { t } = useTranslation();
  if (!rate) return null;
  return (
    <Tag color="blue" data-testid="exchange-rate" style={{ marginInlineEnd: 0 }}>
      {t('funds.exchangeRate', { rate })}
    </Tag>
  );
}

/** Available funds and credit limit of each wallet, with the exchange rate beside the CNY wallet. */
export function WalletSummary({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} data-testid="wallet-summary">
      {walletsOf(userInfo).map((wallet) => (
        <Col xs={24} sm={12} key={wallet.currency}>
          <Card
            size="small"
            title={t('workplace.wallet', { currency: wallet.currency })}
            data-testid={`summary-wallet-${wallet.currency}`}
          >
            <Row gutter={16}>
              <Col span={12}>
                <Statistic
                  title={t('workplace.balance')}
                  valueRender={() => (
                    <span data-testid={`summary-balance-${wallet.currency}`}>
                      <Money amount={wallet.balance} currency={wallet.currency} />
                    </span>
                  )}
                />
              </Col>
              <Col span={12}>
                <Statistic
                  title={t('workplace.creditLimit')}
                  valueRender={() => <Money amount={wallet.creditLimit} currency={wallet.currency} />}
                />
              </Col>
            </Row>
            {wallet.currency === 'CNY' && (
              <div style={{ marginTop: 8 }}>
                <ExchangeRateTag rate={userInfo.exchangeRate} />
              </div>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
