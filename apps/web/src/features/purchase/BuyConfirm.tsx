import { formatCents, parseMoney } from '@parcelport/shared';
import { Alert, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdjustmentRisk, QuoteLine } from '../../api/orders';
import { Money } from '../../components/Money';
import { AdjustmentRiskAlert } from './AdjustmentRiskAlert';

/**
 * What buying a line costs: price, insurance, total, the balance before and after; a warning when short. A
 * test label costs nothing: the quote is shown for reference, and the balance stays as it is. An order the
 * carrier will likely correct (`risk`) is flagged with the extra it may cost and the measures billed last time.
 */
export function BuyConfirm({
  line,
  balance,
  short,
  test,
  risk = null,
  onUseMeasures,
}: {
  line: QuoteLine;
  balance: string;
  short: boolean;
  test: boolean;
  risk?: AdjustmentRisk | null;
  onUseMeasures?: () => void;
}) {
  const { t } = useTranslation();
  const total = test ? 0 : (parseMoney(line.total) ?? 0);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="buy-confirm">
      {test && <Alert type="info" showIcon title={t('newOrder.buyConfirm.test')} data-testid="buy-confirm-test" />}
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'price', label: t('rates.price'), children: <Money amount={line.price} /> },
          { key: 'insurance', label: t('rates.insurance'), children: <Money amount={line.insurance} /> },
          {
            key: 'total',
            label: t('rates.total'),
            children: (
              <Typography.Text strong data-testid="buy-confirm-total">
                <Money amount={line.total} />
              </Typography.Text>
            ),
          },
          ...(balance === ''
            ? []
            : [
                {
                  key: 'balance',
                  label: t('newOrder.buyConfirm.balance'),
                  children: (
                    <span data-testid="buy-confirm-balance">
                      <Money amount={balance} />
                    </span>
                  ),
                },
                {
                  key: 'after',
                  label: t('newOrder.buyConfirm.after'),
                  children: <Money amount={formatCents((parseMoney(balance) ?? 0) - total)} />,
                },
              ]),
        ]}
      />
      {risk && <AdjustmentRiskAlert risk={risk} onUse={onUseMeasures} />}
      {short && !test && (
        <Alert type="warning" showIcon title={t('newOrder.buyConfirm.short')} data-testid="buy-confirm-short" />
      )}
    </Space>
  );
}
