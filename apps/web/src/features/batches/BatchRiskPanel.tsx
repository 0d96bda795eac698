import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkAdjustmentRisk, type OrderListItem } from '../../api/orders';
import { Money } from '../../components/Money';

/**
 * Before a batch is bought: the orders a rule holds for review (the batch will not buy them), and the orders
 * the carrier will likely correct afterwards (issue 30's adjustment risk) with the extra each may cost and
 * the batch's total.
 */
export function BatchRiskPanel({ orders }: { orders: OrderListItem[] }) {
  const { t } = useTranslation();
  const ids = orders.map((order) => order.id);
  const held = orders.filter((order) => order.heldForReview);
  const risks = useQuery({
    queryKey: ['orders', 'adjustmentRisk', ids],
    queryFn: () => checkAdjustmentRisk(ids),
    enabled: ids.length > 0,
  });
  const flagged = risks.data?.flagged ?? [];
  return (
    <>
      {held.length > 0 && (
        <Alert
          type="warning"
          showIcon
          data-testid="batch-held"
          title={t('batch.held', { count: held.length })}
          description={held.map((order) => order.orderNo).join(', ')}
        />
      )}
      {flagged.length > 0 && risks.data && (
        <Alert
          type="warning"
          showIcon
          data-testid="batch-adjustment-risk"
          title={
            <span>
              {t('batch.adjustmentRisk', { count: flagged.length })}{' '}
              <span data-testid="batch-adjustment-risk-total">
                <Money amount={risks.data.totalExpectedExtra} />
              </span>
            </span>
          }
          description={
            <Space orientation="vertical" size={0}>
              {flagged.map((risk) => (
                <Typography.Text key={risk.orderId} data-testid="batch-adjustment-risk-order">
                  {risk.orderNo}: <Money amount={risk.expectedExtra} /> ·{' '}
                  {t(`adjustmentRisk.why.${risk.basis}`, {
                    key: risk.key,
                    corrected: risk.corrected,
                    labels: risk.labels,
                  })}
                </Typography.Text>
              ))}
            </Space>
          }
        />
      )}
    </>
  );
}
