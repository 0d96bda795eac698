import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DoubtfulWallet, listDoubtfulWallets } from '../../api/funds';
import { Money } from '../../components/Money';

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

/** /maintenance/doubtfulOrderFlow: wallets whose ledger does not add up to the stored balances. */
export default function DoubtfulOrderFlow() {
  const { t } = useTranslation();
  const wallets = useQuery({ queryKey: ['doubtful'], queryFn: listDoubtfulWallets });
  const rows = wallets.data ?? [];

  const columns: TableColumnsType<DoubtfulWallet> = [
    { title: t('funds.userId'), dataIndex: 'userId', width: 90 },
    { title: t('field.email'), dataIndex: 'username', width: 240, ellipsis: true },
    { title: t('recharge.wallet'), dataIndex: 'currency', width: 80 },
    {
      title: t('workplace.balance'),
      key: 'balance',
      render: (_v, row) => <Pair stored={row.balance} ledger={row.ledgerBalance} currency={row.currency} />,
    },
    {
      title: t('workplace.earnestBalance'),
      key: 'earnest',
      render: (_v, row) => <Pair stored={row.earnestBalance} ledger={row.ledgerEarnest} currency={row.currency} />,
    },
    {
      title: t('workplace.depositBalance'),
      key: 'deposit',
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
          onClick={() => void wallets.refetch()}
          data-testid="doubtful-refresh"
        >
          {t('doubtful.recheck')}
        </Button>
      }
      data-testid="doubtful-page"
    >
      <Typography.Paragraph type="secondary">{t('doubtful.hint')}</Typography.Paragraph>
      {wallets.isSuccess && rows.length === 0 ? (
        <Result status="success" title={t('doubtful.allGood')} data-testid="doubtful-empty" />
      ) : (
        <Table<DoubtfulWallet>
          rowKey={(row) => `${row.userId}-${row.currency}`}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={wallets.isFetching}
          pagination={false}
          onRow={(row) =>
            ({ 'data-testid': `doubtful-row-${row.userId}-${row.currency}` }) as React.HTMLAttributes<HTMLElement>
          }
        />
      )}
    </Card>
  );
}
