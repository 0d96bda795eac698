import { REFUND_AGE_BUCKETS } from '@parcelport/shared/contracts/bills/index';
import { Alert, Card, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconciliationView } from '../../api/bills';
import { Money } from '../../components/Money';

type Owed = ReconciliationView['carrierRefunds'];

/**
 * What the channel's carrier owes now for voided labels, by age since the void, those past its refund
 * window flagged; and the voided-label lines written off as claims against it (docs/bills.md).
 */
export function CarrierRefundsAged({ owed, claims }: { owed: Owed; claims: ReconciliationView['claims'] }) {
  const { t } = useTranslation();
  const rows = [
    ...REFUND_AGE_BUCKETS.map((bucket) => ({ key: bucket, ...owed.buckets[bucket] })),
    { key: 'total', ...owed.total },
  ];
  return (
    <Card size="small" title={t('reconciliation.refunds.title')} data-testid="reconciliation-refunds">
      <Space orientation="vertical" size={8} style={{ width: '100%' }}>
        {owed.overdue.count > 0 && (
          <Alert
            type="error"
            showIcon
            title={t('reconciliation.refunds.overdue', {
              count: owed.overdue.count,
              days: owed.windowDays,
              amount: owed.overdue.amount,
            })}
            data-testid="reconciliation-refunds-overdue"
          />
        )}
        {owed.total.count === 0 ? (
          <Typography.Text type="secondary">{t('reconciliation.refunds.none')}</Typography.Text>
        ) : (
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={rows}
            data-testid="reconciliation-refund-ages"
            onRow={(row) => ({ 'data-testid': `refund-age-${row.key}` }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              {
                title: t('reconciliation.refunds.age'),
                dataIndex: 'key',
                render: (key: string) =>
                  key === 'total' ? <b>{t('reconciliation.refunds.total')}</b> : t(`reconciliation.refunds.${key}`),
              },
              { title: t('reconciliation.refunds.labels'), dataIndex: 'count', align: 'right' },
              {
                title: t('reconciliation.refunds.amount'),
                dataIndex: 'amount',
                align: 'right',
                render: (amount: string) => <Money amount={amount} currency="USD" />,
              },
            ]}
          />
        )}
        {claims.lines > 0 && (
          <Typography.Text data-testid="reconciliation-claims">
            {t('reconciliation.claims', { count: claims.lines, amount: claims.amount })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
