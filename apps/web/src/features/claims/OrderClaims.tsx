import { SafetyCertificateOutlined } from '@ant-design/icons';
import { parseMoney } from '@parcelport/shared';
import * as claimsContracts from '@parcelport/shared/contracts/claims/index';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { CLAIMS_KEY, type Claim } from '../../api/claims';
import { Money } from '../../components/Money';
import { NO_VALUE, shownDay } from '../../utils/shown';
import { workOrderPath } from '../work-orders';
import { ClaimForm } from './ClaimForm';
import { ClaimStatusTag } from './options';

/**
 * The order detail's claims card (issue 28): the claims on this insured order, each with its state, amounts
 * and work order, and the button that files a new one.
 */
export function OrderClaims({ order }: { order: { id: number; insurance: string; isTest: boolean } }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Only an insured order can have claims: an uninsured one asks nothing and shows no card.
  const insured = !order.isTest && (parseMoney(order.insurance) ?? 0) > 0;
  const claims = useQuery({
    queryKey: [CLAIMS_KEY, 'order', order.id],
    queryFn: () => call(claimsContracts.listMyClaims, { query: { orderId: order.id, page: 1, pageSize: 50 } }),
    enabled: insured,
  });
  const list = claims.data?.list ?? [];
  if (!insured) return null;
  return (
    <Card
      title={t('claims.orderCard')}
      size="small"
      data-testid="order-claims"
      extra={
        insured && (
          <Button icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-testid="order-claim-new">
            {t('claims.file')}
          </Button>
        )
      }
    >
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('claims.none')} />
      ) : (
        <Table<Claim>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={list}
          columns={[
            {
              title: t('claims.typeLabel'),
              dataIndex: 'type',
              render: (type: Claim['type']) => t(`claims.type.${type}`),
            },
            {
              title: t('claims.statusLabel'),
              dataIndex: 'status',
              render: (status: Claim['status']) => <ClaimStatusTag status={status} />,
            },
            { title: t('claims.amount'), dataIndex: 'amount', render: (amount: string) => <Money amount={amount} /> },
            {
              title: t('claims.payout'),
              key: 'payout',
              render: (_v, row) => (row.payout ? <Money amount={row.payout} /> : NO_VALUE),
            },
            { title: t('claims.filedAt'), dataIndex: 'createdAt', render: shownDay },
            {
              title: t('claims.workOrder'),
              key: 'ticket',
              render: (_v, row) =>
                row.workOrderId ? (
                  <Link to={workOrderPath('customer', row.workOrderId)}>{row.ticketNo}</Link>
                ) : (
                  NO_VALUE
                ),
            },
          ]}
        />
      )}
      <ClaimForm orderId={order.id} open={open} onClose={() => setOpen(false)} />
    </Card>
  );
}
