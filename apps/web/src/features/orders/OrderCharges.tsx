import { formatCents, ORDER_STATUS, parseMoney } from '@parcelport/shared';
import { Card, Descriptions, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderMoneyLine } from '../../api/orders';
import { Money } from '../../components/Money';
import { NO_VALUE, shownMinute } from '../../utils/shown';

const S = ORDER_STATUS;

/** What each kind of money line is called, with its date (the ledger row's). */
const LINE_LABELS: Record<Exclude<OrderMoneyLine['kind'], 'other'>, string> = {
  charge: 'orderDetail.chargedAt',
  refund: 'orderDetail.refunded',
  billDeduction: 'orderDetail.billDeduction',
  billRefund: 'orderDetail.billRefund',
  penalty: 'orderDetail.penalty',
  disputeReversal: 'orderDetail.disputeReversal',
  claimPayout: 'orderDetail.claimPayout',
  claimRefund: 'orderDetail.claimRefund',
};

/**
 * The charges card's money: every ledger row of the order as what it cost (a refund negative), a void's
 * refund still on its way, and what the rows leave paid in the end (the server's net, the lines' sum). An
 * order never charged shows what buying it charges.
 */
function moneyItems(order: OrderDetail, price: number, t: TFunction) {
  // A team member without `money` is not told what the ledger moved (issue 30).
  if (order.money === null) return [];
  const { lines, net } = order.money;
  if (lines.length === 0)
    return [
      {
        key: 'total',
        label: t('orderDetail.charged'),
        children: (
          <Typography.Text strong>
            <Money amount={formatCents(price)} />
          </Typography.Text>
        ),
      },
    ];
  const refundPending = order.status === S.voided && order.refundedAt === null;
  return [
    ...lines.map((line) => ({
      key: `line-${line.id}`,
      label:
        line.kind === 'other'
          ? `${t(`funds.type.${line.type}`)} ${shownMinute(line.time)}`
          : t(LINE_LABELS[line.kind], { at: shownMinute(line.time) }),
      children: (
        <span data-testid={line.kind === 'refund' ? 'order-detail-refunded' : `order-detail-${line.kind}`}>
          <Money amount={line.amount} />
        </span>
      ),
    })),
    // A voided label's charge comes back once the carrier refunds it: until then, on its way and no net yet.
    ...(refundPending
      ? [
          {
            key: 'refundPending',
            label: t('orderDetail.refundPending'),
            children: (
              <span data-testid="order-detail-refunded">
                <Money amount={formatCents(-price)} />
              </span>
            ),
          },
        ]
      : [
          {
            key: 'net',
            label: t('orderDetail.net'),
            children: (
              <Typography.Text strong data-testid="order-detail-net">
                <Money amount={net} />
              </Typography.Text>
            ),
          },
        ]),
  ];
}

/** An order's charges card: the rate, the insurance, the ledger's lines and what they leave paid, the deposit. */
export function OrderCharges({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const charged = (parseMoney(order.rate ?? '0') ?? 0) + (parseMoney(order.insuranceFee) ?? 0);
  return (
    <Card title={t('orderDetail.charges')} size="small" style={{ height: '100%' }}>
      <Descriptions
        size="small"
        column={1}
        data-testid="order-detail-charges"
        items={[
          {
            key: 'rate',
            label: t('orderDetail.rate'),
            children: order.rate === null ? NO_VALUE : <Money amount={order.rate} />,
          },
          {
            key: 'insurance',
            label: t('orderDetail.insuranceFee'),
            children: <Money amount={order.insuranceFee} />,
          },
          ...moneyItems(order, charged, t),
          { key: 'earnest', label: t('orderDetail.earnest'), children: <Money amount={order.earnest} /> },
        ]}
      />
    </Card>
  );
}
