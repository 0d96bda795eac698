import { Alert, Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReconciliationView } from '../../api/bills';
import { PeriodPicker, usePeriod } from '../../components/charts/PeriodPicker';
import {
  ChannelPicker,
  RECONCILED_MONEY,
  ReconciliationChart,
  useChannelReconciliation,
} from '../../components/charts/ReconciliationChart';
import { Money } from '../../components/Money';
import { CarrierRefundsAged } from './CarrierRefundsAged';

/** What the channel's bills leave unexplained: the goal is nothing. */
function Unexplained({ figures }: { figures: ReconciliationView['unexplained'] }) {
  const { t } = useTranslation();
  const left = [
    figures.unmatchedLines > 0 &&
      t('reconciliation.unmatched', { count: figures.unmatchedLines, amount: figures.unmatched }),
    figures.duplicateLines > 0 &&
      t('reconciliation.duplicates', { count: figures.duplicateLines, amount: figures.duplicates }),
    figures.unpostedLines > 0 &&
      t('reconciliation.unposted', { count: figures.unpostedLines, amount: figures.unposted }),
    figures.openDisputes > 0 && t('reconciliation.openDisputes', { count: figures.openDisputes }),
    figures.voidedLines > 0 && t('reconciliation.voided', { count: figures.voidedLines, amount: figures.voided }),
  ].filter(Boolean) as string[];
  return left.length === 0 ? (
    <Alert
      type="success"
      showIcon
      title={t('reconciliation.nothingUnexplained')}
      data-testid="reconciliation-explained"
    />
  ) : (
    <Alert
      type="warning"
      showIcon
      title={t('reconciliation.unexplainedTitle')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {left.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      }
      data-testid="reconciliation-unexplained"
    />
  );
}

/**
 * A channel's daily reconciliation (docs/bills.md): its labels by the day they were bought against its
 * posted bill lines, the margin per day, what its bills leave unexplained, and what its carrier owes for
 * voided labels, by age.
 */
export function BillReconciliation() {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriod(30);
  const { figures, loading, picker } = useChannelReconciliation(period);

  return (
    <div data-testid="bill-reconciliation">
      <Space wrap style={{ marginBottom: 12 }}>
        <ChannelPicker {...picker} testId="reconciliation-channel" />
        <PeriodPicker value={period} onChange={setPeriod} testId="reconciliation-period" />
      </Space>
      {figures.data ? (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Unexplained figures={figures.data.unexplained} />
          <Descriptions size="small" bordered column={{ xs: 1, sm: 2, lg: 4 }} data-testid="reconciliation-totals">
            <Descriptions.Item label={t('charts.labels')}>{figures.data.totals.labels}</Descriptions.Item>
            {RECONCILED_MONEY.map((key) => (
              <Descriptions.Item key={key} label={t(`reconciliation.${key}`)}>
                <span data-testid={`reconciliation-total-${key}`}>
                  <Money amount={figures.data.totals[key]} currency="USD" />
                </span>
              </Descriptions.Item>
            ))}
            <Descriptions.Item label={t('reconciliation.notBilled')}>{figures.data.totals.notBilled}</Descriptions.Item>
          </Descriptions>
          <CarrierRefundsAged owed={figures.data.carrierRefunds} claims={figures.data.claims} />
          <ReconciliationChart days={figures.data.days} loading={loading} testId="reconciliation-chart" />
        </Space>
      ) : null}
    </div>
  );
}
