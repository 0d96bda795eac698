import { ReloadOutlined } from '@ant-design/icons';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import type {
  CarrierRefundOwed,
  OWED_CARRIER_REFUNDS,
} from '@parcelport/shared/contracts/orders/list-carrier-refunds-owed';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Space, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownName } from '../../i18n';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { OrderDetailDrawer } from '../orders';

type OwedState = (typeof OWED_CARRIER_REFUNDS)[number];
const STATE_COLORS: Record<OwedState, string> = { unasked: 'default', pending: 'processing', rejected: 'error' };

/**
 * Refunds the carriers still owe (a tab of /maintenance/unRefundedOrder): each voided label whose refund has
 * not come, oldest first, its age (overdue past its channel's refund window), and what each channel owes in all.
 */
export function CarrierRefundsOwed() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [state, setState] = useState<OwedState | undefined>();
  const [channelId, setChannelId] = useState<number | undefined>();
  const [detailId, setDetailId] = useState<number | null>(null);
  const owed = useQuery({
    queryKey: ['carrierRefundsOwed', page, pageSize, state, channelId],
    queryFn: () => call(ordersContracts.listCarrierRefundsOwed, { query: { page, pageSize, state, channelId } }),
    placeholderData: keepPreviousData,
  });
  const channels = owed.data?.byChannel ?? [];

  const totals: TableColumnsType<(typeof channels)[number]> = [
    {
      title: t('unRefunded.channel'),
      dataIndex: 'channelName',
      render: (name: string | null) => (name ? shownName(name) : NO_VALUE),
    },
    { title: t('unRefunded.count'), dataIndex: 'count', width: 100, align: 'right' },
    {
      title: t('unRefunded.owed'),
      dataIndex: 'cost',
      width: 130,
      align: 'right',
      render: (value: string) => <Money amount={value} />,
    },
    { title: t('unRefunded.oldest'), dataIndex: 'oldestAt', width: 160, render: shownMinute },
    {
      title: t('unRefunded.window'),
      dataIndex: 'windowDays',
      width: 110,
      align: 'right',
      render: (days: number) => t('unRefunded.days', { days }),
    },
    {
      title: t('unRefunded.overdue'),
      dataIndex: 'overdue',
      width: 110,
      align: 'right',
      render: (count: number) => (count > 0 ? <Tag color="red">{count}</Tag> : 0),
    },
  ];

  const columns: TableColumnsType<CarrierRefundOwed> = [
    {
      title: stackedTitle(t('waybills.orderNo'), t('waybills.tackNo')),
      dataIndex: 'orderNo',
      width: 200,
      // Issue 14: the tracking number under the order number, so the list fits 1440 px; its own column is
      // offered in the table settings.
      render: (orderNo: string, row) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setDetailId(row.id)}>{orderNo}</Typography.Link>
          {row.trackingNo && (
            <Typography.Text type="secondary" data-testid={`owed-tracking-${row.orderNo}`}>
              {row.trackingNo}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    { title: t('waybills.userId'), dataIndex: 'userId', width: 80 },
    { title: t('unRefunded.channel'), dataIndex: 'channelName', width: 140, render: shownName },
    {
      title: t('waybills.tackNo'),
      dataIndex: 'trackingNo',
      width: 200,
      hidden: true,
      render: (value: string | null) => value ?? NO_VALUE,
    },
    {
      title: t('waybills.carrierRefund'),
      dataIndex: 'carrierRefund',
      width: 150,
      render: (value: OwedState, row) => (
        <Tooltip title={row.carrierRefundNote || undefined}>
          <Tag color={STATE_COLORS[value]} data-testid={`owed-state-${row.orderNo}`}>
            {t(`unRefunded.state.${value}`)}
          </Tag>
        </Tooltip>
      ),
    },
    {
      title: t('unRefunded.owed'),
      dataIndex: 'cost',
      width: 110,
      align: 'right',
      render: (value: string) => <Money amount={value} />,
    },
    { title: t('unRefunded.voidedAt'), dataIndex: 'voidedAt', width: 150, render: shownMinute },
    {
      title: t('unRefunded.age'),
      dataIndex: 'ageDays',
      width: 110,
      render: (days: number, row) => (
        <Tag color={row.overdue ? 'red' : 'default'} data-testid={`owed-age-${row.orderNo}`}>
          {row.overdue ? t('unRefunded.overdueDays', { days }) : t('unRefunded.days', { days })}
        </Tag>
      ),
    },
    {
      title: t('unRefunded.merchant'),
      dataIndex: 'merchantRefundedAt',
      width: 170,
      render: (value: string | null) =>
        value ? t('unRefunded.merchantRefunded', { at: shownMinute(value) }) : t('unRefunded.merchantWaiting'),
    },
  ];

  return (
    <div data-testid="unrefunded-carrier">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select<OwedState>
          allowClear
          placeholder={t('unRefunded.anyState')}
          aria-label={t('unRefunded.stateFilter')}
          style={{ width: 200 }}
          value={state}
          onChange={(value) => {
            setState(value);
            setPage(1);
          }}
          options={(['unasked', 'pending', 'rejected'] as const).map((value) => ({
            value,
            label: t(`unRefunded.state.${value}`),
          }))}
          data-testid="owed-state-filter"
        />
        <Select<number>
          allowClear
          placeholder={t('unRefunded.anyChannel')}
          aria-label={t('unRefunded.channelFilter')}
          style={{ width: 200 }}
          value={channelId}
          onChange={(value) => {
            setChannelId(value);
            setPage(1);
          }}
          options={channels
            .filter((channel) => channel.channelId !== null)
            .map((channel) => ({ value: channel.channelId as number, label: shownName(channel.channelName) }))}
        />
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['carrierRefundsOwed'] })}
        >
          {t('carriers.reload')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('unRefunded.carrierHint')}</Typography.Paragraph>
      <Table
        rowKey={(row) => String(row.channelId)}
        size="small"
        columns={totals}
        dataSource={channels}
        pagination={false}
        style={{ marginBottom: 16 }}
        data-testid="owed-by-channel"
      />
      <ArrangedTable<CarrierRefundOwed>
        list="carrierRefundsOwed"
        rowKey="id"
        columns={columns}
        dataSource={owed.data?.list ?? []}
        loading={owed.isFetching}
        data-testid="owed-list"
        onRow={(row) => ({ 'data-testid': `owed-row-${row.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(owed.data?.total ?? 0)}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
