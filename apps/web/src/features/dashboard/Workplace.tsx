import { hasAnyCode, ROLE } from '@parcelport/shared';
import * as reportsContracts from '@parcelport/shared/contracts/reports/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Statistic, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import type { WorkplaceFigures } from '../../api/reports';
import type { Wallet } from '../../api/types';
import { DailyFigures } from '../../components/charts/DailyFigures';
import { PeriodPicker, usePeriod } from '../../components/charts/PeriodPicker';
import { Money } from '../../components/Money';
import { SectionTitle } from '../../components/SectionTitle';
import { seesMoney, userCodes, useSessionStore } from '../../stores/session';
import { useDrawnScreenReplaced } from '../../utils/drawnScreen';
import { NO_VALUE } from '../../utils/shown';
import { walletsOf } from '../../utils/wallets';
import { ExchangeRateTag } from '../funds';
import { FirstRunChecklist } from './FirstRunChecklist';
import { OwedFromBills } from './OwedFromBills';

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

/**
 * What waits now, each count opening its list (the merchant's own lists; staff counts are figures only). The
 * order states are named as every other screen names them (`orderStatus.*`).
 */
const WAITING = [
  { key: 'drafts', title: 'workplace.drafts', link: '/shipments/draft' },
  { key: 'awaitingPickup', title: 'orderStatus.1', link: '/shipments/transported' },
  { key: 'inTransit', title: 'orderStatus.2', link: '/shipments/transportation' },
  { key: 'openWorkOrders', title: 'workplace.openWorkOrders', link: '/settings/management' },
] as const;

function Waiting({ figures, linked }: { figures?: WorkplaceFigures; linked: boolean }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      {WAITING.map(({ key, title, link }) => (
        <Col xs={12} lg={6} key={key}>
          <Card size="small" loading={!figures}>
            <Statistic
              title={t(title)}
              valueRender={() => (
                <span data-testid={`workplace-${key}`}>
                  {linked ? <Link to={link}>{figures?.[key] ?? 0}</Link> : (figures?.[key] ?? 0)}
                </span>
              )}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

type Reach = 'own' | 'staff';

/** The daily consumption and order charts of docs/spec.md §2, and what waits: one's own, or staff's reach. */
function Activity({ staff, seller, withoutMoney }: { staff: boolean; seller: boolean; withoutMoney: boolean }) {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod();
  const [reach, setReach] = useState<Reach>(staff ? 'staff' : 'own');
  const figures = useQuery({
    queryKey: ['workplace', reach, period],
    queryFn: () =>
      reach === 'staff'
        ? call(reportsContracts.staffWorkplace, { query: { ...period } })
        : call(reportsContracts.ownWorkplace, { query: { ...period } }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Waiting figures={figures.data} linked={reach === 'own'} />
      <DailyFigures
        title={t('workplace.daily')}
        days={figures.data?.days ?? []}
        loading={figures.isPending}
        testId="workplace-daily"
        withoutMoney={withoutMoney}
        salesName={
          reach === 'staff'
            ? t('financialReport.sales', { currency: figures.data?.days[0]?.currency ?? 'USD' })
            : undefined
        }
        extra={
          <>
            {staff && (
              <Segmented<Reach>
                value={reach}
                onChange={setReach}
                options={[
                  { value: 'staff', label: t(seller ? 'workplace.myCustomers' : 'workplace.platform') },
                  { value: 'own', label: t('workplace.mine') },
                ]}
                data-testid="workplace-reach"
              />
            )}
            <PeriodPicker value={period} onChange={setPeriod} testId="workplace-period" />
          </>
        }
      />
    </>
  );
}

/**
 * The workplace dashboard: a greeting, the first-run steps left, what bills left owed, what waits, the daily
 * charts and the wallets.
 */
export default function Workplace() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  // the screen drawn at build time (the document's, landing here) stands until the greeting is drawn
  useDrawnScreenReplaced(userInfo !== null);
  if (!userInfo) return null;
  const staff = hasAnyCode(['adminList'], userCodes(userInfo));
  const seller = userInfo.roleCodes?.includes(ROLE.seller) ?? false;
  const hour = dayjs().hour();
  const greeting = hour < 12 ? 'workplace.morning' : hour < 18 ? 'workplace.afternoon' : 'workplace.evening';
  const wallets = walletsOf(userInfo);

  return (
    <div data-testid="workplace-page">
      <Card style={{ marginBottom: 16 }}>
        <SectionTitle look={4} style={{ margin: 0 }} data-testid="workplace-greeting">
          {t(greeting, { name: userInfo.name || userInfo.username })}
        </SectionTitle>
        <Typography.Text type="secondary" data-testid="workplace-account">
          {userInfo.kind === 'staff'
            ? t('workplace.staffAccount', { account: userInfo.accountId || userInfo.username })
            : t('workplace.account', {
                account: userInfo.accountId || NO_VALUE,
                company: userInfo.company || NO_VALUE,
              })}
        </Typography.Text>
      </Card>
      <FirstRunChecklist />
      <OwedFromBills />
      <Activity staff={staff} seller={seller} withoutMoney={!seesMoney(userInfo)} />
      {wallets.map((wallet) => (
        <WalletCard key={wallet.currency} wallet={wallet} exchangeRate={userInfo.exchangeRate} />
      ))}
    </div>
  );
}
