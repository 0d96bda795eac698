import { Alert, Card } from 'antd';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteLine } from '../../api/orders';
import { RatesTable } from './RatesTable';

/**
 * The rate comparison: every allotted service's rate for the saved order, a warning when the form changed
 * since, why none can be bought when none is available, and a buy button a line.
 */
export function RatesCard({
  quotes,
  stale,
  batteryType,
  buying,
  onBuy,
  ref,
}: {
  quotes: QuoteLine[];
  stale: boolean;
  batteryType?: string;
  /** The service being bought, if any. */
  buying: number | null;
  onBuy: (line: QuoteLine) => void;
  ref: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const availableCount = quotes.filter((line) => line.available).length;
  return (
    <Card title={t('newOrder.rates')} size="small" data-testid="rates-card" ref={ref}>
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('newOrder.ratesStale')}
          data-testid="rates-stale"
        />
      )}
      {availableCount === 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="rates-none-available"
          title={batteryType && batteryType !== 'none' ? t('newOrder.batteryNotAllowed') : t('newOrder.noService')}
        />
      )}
      <RatesTable lines={quotes} stale={stale} buyingServiceId={buying} onBuy={onBuy} />
    </Card>
  );
}
