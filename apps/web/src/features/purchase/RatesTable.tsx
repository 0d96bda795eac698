import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Descriptions, Popover, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuoteLine } from '../../api/orders';
import { Money } from '../../components/Money';
import { shownName } from '../../i18n';
import { usePhone } from '../../layout/usePhone';
import { NO_VALUE } from '../../utils/shown';

/** A billable weight in ounces as a person reads it: ounces under a pound, else pounds. */
export function formatOunces(oz: number): string {
  if (oz < 16) return `${oz} oz`;
  const pounds = oz / 16;
  return `${Number.isInteger(pounds) ? pounds : pounds.toFixed(2)} lb`;
}

/** Available services first, cheapest first; the unavailable ones after, in their order. */
export function sortQuotes(lines: readonly QuoteLine[]): QuoteLine[] {
  const available = lines.filter((line) => line.available).sort((a, b) => Number(a.total) - Number(b.total));
  return [...available, ...lines.filter((line) => !line.available)];
}

function Breakdown({ line }: { line: QuoteLine }) {
  const { t } = useTranslation();
  const parts = ['base', 'fuel', 'residential', 'oversize', 'remote'] as const;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid={`rate-breakdown-${line.serviceId}`}
      items={[
        ...parts.map((part) => ({
          key: part,
          label: t(`rates.breakdown.${part}`),
          children: <Money amount={line.breakdown[part]} />,
        })),
        { key: 'price', label: t('rates.price'), children: <Money amount={line.price} /> },
        { key: 'insurance', label: t('rates.insurance'), children: <Money amount={line.insurance} /> },
        {
          key: 'total',
          label: t('rates.total'),
          children: (
            <Typography.Text strong>
              <Money amount={line.total} />
            </Typography.Text>
          ),
        },
      ]}
    />
  );
}

/**
 * The rates of every allotted service (POST /api/app/order/estimateRateMix): price with its surcharge
 * breakdown, zone (estimated when worked out from distance), billable weight, insurance, total, delivery
 * days, cheapest and fastest marked; a service that cannot carry the shipment is greyed with its reason.
 */
export function RatesTable({
  lines,
  loading = false,
  stale = false,
  buyingServiceId = null,
  onBuy,
}: {
  lines: QuoteLine[];
  loading?: boolean;
  /** The order changed after these rates were worked out: buying waits for a new comparison. */
  stale?: boolean;
  buyingServiceId?: number | null;
  onBuy?: (line: QuoteLine) => void;
}) {
  const { t } = useTranslation();
  // A phone keeps what a choice needs: the service (its delivery days beneath), the total and Buy; the price
  // breakdown moves beside the total, the zone and weights stay on wider screens.
  const phone = usePhone();
  const breakdown = (line: QuoteLine) => (
    <Popover content={<Breakdown line={line} />} title={t('rates.breakdown')} trigger={['hover', 'click']}>
      <InfoCircleOutlined
        data-testid={`rate-${line.serviceId}-breakdown`}
        aria-label={t('rates.breakdown')}
        style={{ cursor: 'pointer' }}
      />
    </Popover>
  );
  const days = (line: QuoteLine) =>
    line.available && line.deliveryDays !== null ? (
      <>
        {t('rates.days', { count: line.deliveryDays })}
        {line.expectedDelivery && (
          <div>
            <Tooltip title={t(line.deliveryFrom === 'carrier' ? 'rates.expectedByCarrier' : 'rates.expectedByTransit')}>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 'inherit' }}
                data-testid={`rate-${line.serviceId}-expected`}
              >
                {t('rates.expected', { date: line.expectedDelivery })}
              </Typography.Text>
            </Tooltip>
          </div>
        )}
      </>
    ) : (
      NO_VALUE
    );
  const columns: TableColumnsType<QuoteLine> = [
    {
      title: t('rates.service'),
      key: 'service',
      render: (_value, line) => (
        <Space orientation="vertical" size={2}>
          <Space size={4} wrap>
            <Typography.Text strong={line.available} type={line.available ? undefined : 'secondary'}>
              {shownName(line.serviceName)}
            </Typography.Text>
            {line.cheapest && (
              <Tag color="green" data-testid={`rate-${line.serviceId}-cheapest`}>
                {t('rates.cheapest')}
              </Tag>
            )}
            {line.fastest && (
              <Tag color="blue" data-testid={`rate-${line.serviceId}-fastest`}>
                {t('rates.fastest')}
              </Tag>
            )}
          </Space>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {line.carrierCode} · {shownName(line.channelName)}
          </Typography.Text>
          {phone && line.available && (
            <Typography.Text style={{ fontSize: 12 }} data-testid={`rate-${line.serviceId}-days`}>
              {days(line)}
            </Typography.Text>
          )}
          {!line.available && (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`rate-${line.serviceId}-reason`}>
              {t('rates.unavailable')}
              {t('common.colon')}
              {line.reason ?? t('rates.noReason')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('rates.zone'),
      dataIndex: 'zone',
      width: 110,
      hidden: phone,
      render: (zone: number | null, line) =>
        zone === null ? (
          NO_VALUE
        ) : (
          <Space size={4}>
            <span>{zone}</span>
            {line.zoneSource === 'distance' && (
              <Tooltip title={t('rates.estimatedHint')}>
                <Tag data-testid={`rate-${line.serviceId}-estimated`}>{t('rates.estimated')}</Tag>
              </Tooltip>
            )}
          </Space>
        ),
    },
    {
      title: t('rates.billableWeight'),
      dataIndex: 'billableWeightOz',
      width: 140,
      hidden: phone,
      render: (weights: number[]) => (weights.length ? weights.map(formatOunces).join(' + ') : NO_VALUE),
    },
    {
      title: t('rates.price'),
      dataIndex: 'price',
      width: 120,
      align: 'right',
      hidden: phone,
      render: (price: string, line) =>
        line.available ? (
          <Space size={4}>
            <Money amount={price} />
            {breakdown(line)}
          </Space>
        ) : (
          NO_VALUE
        ),
    },
    {
      title: t('rates.insurance'),
      dataIndex: 'insurance',
      width: 100,
      hidden: phone,
      align: 'right',
      render: (value: string, line) => (line.available ? <Money amount={value} /> : NO_VALUE),
    },
    {
      title: t('rates.total'),
      dataIndex: 'total',
      width: phone ? 96 : 110,
      align: 'right',
      render: (value: string, line) =>
        line.available ? (
          <Space size={4}>
            <Typography.Text strong data-testid={`rate-${line.serviceId}-total`}>
              <Money amount={value} />
            </Typography.Text>
            {phone && breakdown(line)}
          </Space>
        ) : (
          NO_VALUE
        ),
    },
    {
      title: t('rates.deliveryDays'),
      dataIndex: 'deliveryDays',
      width: 110,
      hidden: phone,
      render: (_days: number | null, line) => days(line),
    },
    ...(onBuy
      ? [
          {
            title: t('common.actions'),
            key: 'buy',
            width: phone ? 76 : 120,
            fixed: phone ? undefined : ('right' as const),
            render: (_value: unknown, line: QuoteLine) => (
              <Button
                type={line.cheapest ? 'primary' : 'default'}
                size="small"
                disabled={!line.available || stale || (buyingServiceId !== null && buyingServiceId !== line.serviceId)}
                loading={buyingServiceId === line.serviceId}
                onClick={() => onBuy(line)}
                data-testid={`rate-${line.serviceId}-buy`}
              >
                {t('rates.buy')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Table<QuoteLine>
      rowKey="serviceId"
      size="middle"
      loading={loading}
      columns={columns}
      dataSource={sortQuotes(lines)}
      pagination={false}
      scroll={phone ? undefined : { x: 960 }}
      locale={{ emptyText: t('rates.none') }}
      onRow={(line) =>
        ({
          'data-testid': `rate-row-${line.serviceId}`,
          'data-available': String(line.available),
          style: line.available ? undefined : { opacity: 0.55 },
        }) as React.HTMLAttributes<HTMLElement>
      }
    />
  );
}
