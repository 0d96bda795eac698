import { AimOutlined } from '@ant-design/icons';
import { Card, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDetail, ParcelView } from '../../api/orders';
import { trackingPath } from '../../api/volume';
import { Money } from '../../components/Money';
import { TrackingText } from '../../components/TrackingText';
import { NO_VALUE } from '../../utils/shown';
import { sizeText } from '../../utils/size';
import { TrackingStateTag } from '../tracking';

/** A link to the tracking query screen for a parcel's tracking number. */
export function TrackLink({ numbers, testId }: { numbers: string | string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={trackingPath(numbers)}
      data-testid={testId}
      title={t('orderDetail.track')}
      aria-label={t('orderDetail.track')}
    >
      <AimOutlined />
    </Link>
  );
}

/** An order's parcels: size, weight, count, insured value, tracking number and state, references. */
export function OrderParcels({ order }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const parcelColumns = [
    { title: '#', dataIndex: 'seq', width: 50, render: (_v: number, _p: ParcelView, index: number) => index + 1 },
    {
      title: t('orderDetail.dimensions'),
      key: 'dims',
      render: (_v: unknown, parcel: ParcelView) => sizeText(parcel, parcel.distanceUnit),
    },
    {
      title: t('parcel.weight'),
      key: 'weight',
      render: (_v: unknown, parcel: ParcelView) => `${parcel.weight} ${parcel.massUnit}`,
    },
    { title: t('parcel.packageAmount'), dataIndex: 'packageAmount', width: 90 },
    {
      title: t('parcel.insuredValue'),
      dataIndex: 'insuredValue',
      align: 'right' as const,
      render: (value: string) => <Money amount={value} />,
    },
    {
      title: t('orderList.trackingNo'),
      dataIndex: 'trackingNo',
      render: (value: string | null) => (
        <Space size={6}>
          <span data-testid="parcel-tracking">
            <TrackingText carrierCode={order.carrierCode} value={value} />
          </span>
          {value && <TrackLink numbers={value} testId="parcel-track-link" />}
        </Space>
      ),
    },
    {
      title: t('orderDetail.trackingState'),
      dataIndex: 'trackingStatus',
      render: (status: number, parcel: ParcelView) =>
        parcel.trackingNo ? <TrackingStateTag status={status} labelled /> : NO_VALUE,
    },
    {
      title: t('parcel.reference'),
      key: 'reference',
      render: (_v: unknown, parcel: ParcelView) => [parcel.reference, parcel.reference2].filter(Boolean).join(' / '),
    },
  ];

  return (
    <Card title={t('newOrder.parcels')} size="small">
      <Table<ParcelView>
        rowKey="id"
        size="small"
        pagination={false}
        columns={parcelColumns}
        dataSource={order.parcels}
        scroll={{ x: 800 }}
        onRow={(parcel) => ({ 'data-testid': `detail-parcel-${parcel.seq}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
