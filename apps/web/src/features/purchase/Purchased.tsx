import { DownloadOutlined } from '@ant-design/icons';
import { formatCents, parseMoney } from '@parcelport/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Result, Space } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { downloadLabel, type OrderListItem } from '../../api/orders';
import { Money } from '../../components/Money';
import { TrackingText } from '../../components/TrackingText';
import { shownName } from '../../i18n';
import { detailPath } from '../../utils/orderPaths';

/** After a purchase: the order, its tracking number and what it cost; download, open it, or start another. */
export function Purchased({ order, onNew }: { order: OrderListItem; onNew: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const download = useMutation({ mutationFn: () => downloadLabel(order, 'orderNo') });
  const charged = (parseMoney(order.rate ?? '0') ?? 0) + (parseMoney(order.insuranceFee) ?? 0);
  // The form it replaces was scrolled down to the rates: bring the heading and tracking number into view.
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    card.current?.scrollIntoView?.({ block: 'start' });
  }, []);
  return (
    <Card data-testid="purchase-result" ref={card}>
      <Result
        status="success"
        title={t('newOrder.purchased.title')}
        subTitle={
          <Space orientation="vertical" size={4}>
            <span>
              {t('newOrder.purchased.order', { orderNo: order.orderNo, service: shownName(order.serviceName ?? '') })}
            </span>
            <span data-testid="purchase-tracking">
              {t('orderList.trackingNo')}
              {t('common.colon')}
              <TrackingText carrierCode={order.carrierCode} value={order.tackNo} />
            </span>
            <span>
              {t('newOrder.purchased.charged')}
              {t('common.colon')}
              <Money amount={formatCents(charged)} />
            </span>
          </Space>
        }
        extra={[
          <Button
            key="download"
            type="primary"
            icon={<DownloadOutlined />}
            loading={download.isPending}
            onClick={() => download.mutate()}
            data-testid="purchase-download"
          >
            {t('newOrder.purchased.download')}
          </Button>,
          <Button key="detail" onClick={() => navigate(detailPath(order.id))} data-testid="purchase-detail">
            {t('newOrder.purchased.toOrder')}
          </Button>,
          <Button key="new" onClick={onNew} data-testid="purchase-new">
            {t('newOrder.purchased.another')}
          </Button>,
        ]}
      />
    </Card>
  );
}
