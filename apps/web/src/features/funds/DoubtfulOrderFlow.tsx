import { ReloadOutlined } from '@ant-design/icons';
import * as fundsContracts from '@parcelport/shared/contracts/funds/index';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { DoubtfulOrder, DoubtfulWallet } from '../../api/funds';
import { Money } from '../../components/Money';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import { SectionTitle } from '../../components/SectionTitle';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { useSessionStore } from '../../stores/session';
import { mayReadBills, UnexplainedBillLines } from '../bills';

/** A stored balance beside what its ledger adds up to, marked when they differ. */
function Pair({ stored, ledger, currency }: { stored: string; ledger: string; currency: string }) {
  const { t } = useTranslation();
  const differs = stored !== ledger;
  return (
    <div>
      <div>
        <Money amount={stored} currency={currency} />
      </div>
      <Typography.Text type={differs ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('doubtful.ledgerSays')} <Money amount={ledger} currency={currency} />
      </Typography.Text>
    </div>
  );
}

/** A column of a stored balance over what its ledger says. */
const PAIR_WIDTH = 170;

/**
 * /maintenance/doubtfulOrderFlow: wallets whose ledger does not add up to the stored balances, orders whose
 * ledger rows do not add up to what they were charged, and (for platform-wide staff) the carrier bill lines
 * left unexplained.
 */
export default function DoubtfulOrderFlow() {
  const { t } = useTranslation();
  // The bills' lines are answered to platform-wide staff only; a seller given the code sees the ledgers alone.
  const readsBills = mayReadBills(useSessionStore((state) => state.userInfo));
  const wallets = useQuery({ queryKey: ['doubtful'], queryFn: () => call(fundsContracts.listDoubtfulWallets, {}) });
  const orders = useQuery({ queryKey: ['doubtfulOrders'], queryFn: () => call(fundsContracts.listDoubtfulOrders, {}) });
  const rows = wallets.data ?? [];
  const orderRows = orders.data ?? [];
  // Issue 14: each figure's column a width of its own, so both lists fit a 1440 px screen with the menu open.
  const orderColumns: TableColumnsType<DoubtfulOrder> = [
    { title: t('waybills.orderNo'), dataIndex: 'orderNo', width: 200 },
    { title: t('funds.userId'), dataIndex: 'userId', width: 90 },
    {
      title: t('waybills.statusLabel'),
      dataIndex: 'status',
      width: 140,
      render: (status: number) => <OrderStatusTag status={status} />,
    },
    {
      title: t('doubtful.charged'),
      key: 'charged',
      width: PAIR_WIDTH,
      render: (_v, row) => <Pair stored={row.expected} ledger={row.net} currency="USD" />,
    },
    {
      title: t('workplace.earnestBalance'),
      key: 'earnest',
      width: PAIR_WIDTH,
      render: (_v, row) => <Pair stored={row.expectedEarnest} ledger={row.earnestNet} currency="USD" />,
    },
  ];

  const columns: TableColumnsType<DoubtfulWallet> = [
    { title: t('funds.userId'), dataIndex: 'userId', width: 90 },
    { title: t('field.email'), dataIndex: 'username', width: 240, ellipsis: true },
    { title: t('recharge.wallet'), dataIndex: 'currency', width: 80 },
    {
      title: t('workplace.balance'),
      key: 'balance',
      width: PAIR_WIDTH,
      render: (_v, row) => <Pair stored={row.balance} ledger={row.ledgerBalance} currency={row.currency} />,
    },
    {
      title: t('workplace.earnestBalance'),
      key: 'earnest',
      width: PAIR_WIDTH,
      render: (_v, row) => <Pair stored={row.earnestBalance} ledger={row.ledgerEarnest} currency={row.currency} />,
    },
    {
      title: t('workplace.depositBalance'),
      key: 'deposit',
      width: PAIR_WIDTH,
      render: (_v, row) => <Pair stored={row.depositBalance} ledger={row.ledgerDeposit} currency={row.currency} />,
    },
  ];

  return (
    <Card
      title={t('menu.maintenance.doubtfulOrderFlow')}
      extra={
        <Button
          icon={<ReloadOutlined />}
          loading={wallets.isFetching}
          onClick={() => {
            void wallets.refetch();
            void orders.refetch();
          }}
          data-testid="doubtful-refresh"
        >
          {t('doubtful.recheck')}
        </Button>
      }
      data-testid="doubtful-page"
    >
      <Typography.Paragraph type="secondary">{t('doubtful.hint')}</Typography.Paragraph>
      {wallets.isSuccess && orders.isSuccess && rows.length === 0 && orderRows.length === 0 ? (
        <Result status="success" title={t('doubtful.allGood')} data-testid="doubtful-empty" />
      ) : (
        <>
          <SectionTitle>{t('doubtful.wallets')}</SectionTitle>
          <ArrangedTable<DoubtfulWallet>
            list="doubtfulWallets"
            rowKey={(row) => `${row.userId}-${row.currency}`}
            columns={columns}
            dataSource={rows}
            loading={wallets.isFetching}
            pagination={false}
            onRow={(row) =>
              ({ 'data-testid': `doubtful-row-${row.userId}-${row.currency}` }) as React.HTMLAttributes<HTMLElement>
            }
          />
          <SectionTitle>{t('doubtful.orders')}</SectionTitle>
          <ArrangedTable<DoubtfulOrder>
            list="doubtfulOrders"
            rowKey="orderId"
            columns={orderColumns}
            dataSource={orderRows}
            loading={orders.isFetching}
            pagination={false}
            onRow={(row) => ({ 'data-testid': `doubtful-order-${row.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
          />
        </>
      )}
      {readsBills ? <UnexplainedBillLines /> : null}
    </Card>
  );
}
