import * as pickupsContracts from '@parcelport/shared/contracts/pickups/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Empty, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { PICKUPS_KEY, type PickupLabels, type PickupView } from '../../api/pickups';
import { Money } from '../../components/Money';
import { shownName } from '../../i18n';
import { NO_VALUE } from '../../utils/shown';
import { BookPickup, PickupFee } from './BookPickup';

const DAY = 'YYYY-MM-DD';

/** A day's labels by channel, each with what a pickup of them would cost and the button to book it. */
function DayLabels({ day, onBook }: { day: string; onBook: (labels: PickupLabels) => void }) {
  const { t } = useTranslation();
  const labels = useQuery({
    queryKey: [PICKUPS_KEY, 'labels', day],
    queryFn: () => call(pickupsContracts.listPickupLabels, { query: { date: day } }),
  });
  const columns: TableColumnsType<PickupLabels> = [
    { title: t('pickups.channel'), dataIndex: 'channelName', key: 'channel', render: shownName },
    { title: t('pickups.packages'), dataIndex: 'packageCount', key: 'count', align: 'right' },
    {
      title: t('pickups.weight'),
      dataIndex: 'weightLb',
      key: 'weight',
      align: 'right',
      render: (weight: number) => t('pickups.pounds', { weight }),
    },
    {
      title: t('pickups.fee'),
      key: 'fee',
      render: (_, row) => (row.canPickUp ? <PickupFee fee={row.fee} /> : NO_VALUE),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) =>
        row.canPickUp ? (
          <Button type="primary" size="small" onClick={() => onBook(row)} data-testid={`pickup-book-${row.channelId}`}>
            {t('pickups.book')}
          </Button>
        ) : (
          <Typography.Text type="secondary">{t('pickups.notOffered')}</Typography.Text>
        ),
    },
  ];
  return (
    <Table<PickupLabels>
      rowKey="channelId"
      size="small"
      columns={columns}
      dataSource={labels.data ?? []}
      loading={labels.isPending}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('pickups.noLabels')} data-testid="pickup-no-labels" /> }}
      data-testid="pickup-labels"
    />
  );
}

/**
 * /shipments/pickups (issue 30): books a carrier's visit for the day's labels of a channel (count and weight
 * from those labels, the fee shown before booking) and lists the merchant's pickups, each cancellable while
 * scheduled.
 */
export default function Pickups() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [day, setDay] = useState(dayjs().format(DAY));
  const [booking, setBooking] = useState<PickupLabels | null>(null);
  const pickups = useQuery({ queryKey: [PICKUPS_KEY, 'list'], queryFn: () => call(pickupsContracts.listPickups, {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: [PICKUPS_KEY] });

  const cancel = async (pickup: PickupView) => {
    try {
      await call(pickupsContracts.cancelPickup, { params: { id: pickup.id } });
      message.success(<span data-testid="pickup-cancelled">{t('pickups.cancelled')}</span>);
      await refresh();
    } catch {
      // The request client has said why.
    }
  };

  const columns: TableColumnsType<PickupView> = [
    { title: t('pickups.channel'), dataIndex: 'channelName', key: 'channel', render: shownName },
    {
      title: t('pickups.when'),
      key: 'when',
      render: (_, row) => `${row.pickupDate} ${row.windowStart}–${row.windowEnd}`,
    },
    {
      title: t('pickups.location'),
      dataIndex: 'location',
      key: 'location',
      render: (code: PickupView['location']) => t(`pickups.locations.${code}`),
    },
    {
      title: t('pickups.parcels'),
      key: 'parcels',
      render: (_, row) => `${row.packageCount} · ${t('pickups.pounds', { weight: row.weightLb })}`,
    },
    {
      title: t('pickups.confirmation'),
      dataIndex: 'confirmationNo',
      key: 'confirmation',
      render: (value: string | null, row) => (
        <Typography.Text copyable={Boolean(value)} data-testid={`pickup-confirmation-${row.id}`}>
          {value ?? NO_VALUE}
        </Typography.Text>
      ),
    },
    {
      title: t('pickups.fee'),
      dataIndex: 'fee',
      key: 'fee',
      align: 'right',
      render: (fee: string) => <Money amount={fee} />,
    },
    {
      title: t('pickups.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: PickupView['status'], row) => (
        <Tag color={status === 'scheduled' ? 'blue' : 'default'} data-testid={`pickup-status-${row.id}`}>
          {t(`pickups.statuses.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, row) =>
        row.status === 'scheduled' ? (
          <Popconfirm
            title={t('pickups.cancelConfirm')}
            description={Number(row.fee) > 0 ? t('pickups.cancelRefund') : undefined}
            onConfirm={() => cancel(row)}
            okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
          >
            <Button size="small" danger data-testid={`pickup-cancel-${row.id}`}>
              {t('pickups.cancel')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    // Not a flex column: a table scrolling sideways inside a flex item would widen the page on a phone.
    <div data-testid="pickups-page">
      <Card
        style={{ marginBottom: 16 }}
        title={t('pickups.schedule')}
        extra={
          <DatePicker
            value={dayjs(day)}
            allowClear={false}
            disabledDate={(value) => value.isAfter(dayjs(), 'day')}
            onChange={(value) => value && setDay(value.format(DAY))}
            aria-label={t('pickups.labelDate')}
            data-testid="pickup-label-date"
          />
        }
      >
        <Typography.Paragraph type="secondary">{t('pickups.intro')}</Typography.Paragraph>
        <DayLabels day={day} onBook={setBooking} />
      </Card>
      <Card title={t('pickups.mine')}>
        <Table<PickupView>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={pickups.data ?? []}
          loading={pickups.isPending}
          pagination={false}
          scroll={{ x: 'max-content' }}
          data-testid="pickups-table"
        />
      </Card>
      {booking && (
        <BookPickup
          labels={booking}
          labelDate={day}
          onClose={() => setBooking(null)}
          onBooked={(pickup) => {
            setBooking(null);
            message.success(
              <span data-testid="pickup-booked">
                {t('pickups.booked', { confirmation: pickup.confirmationNo ?? '' })}
              </span>,
            );
            void refresh();
          }}
        />
      )}
    </div>
  );
}
