import { ReloadOutlined } from '@ant-design/icons';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminOrder } from '../../api/adminOrders';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { OrderStatusTag } from '../../components/OrderStatusTag';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownName } from '../../i18n';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { holdsEarnest, OrderDetailDrawer, releaseAndReport } from '../orders';

/** Orders whose temporary deposit (earnest) is still held, to release it (a tab of /maintenance/unRefundedOrder). */
export function EarnestHeld() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { page, pageSize, pagination } = usePaging();
  const [selected, setSelected] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const orders = useQuery({
    queryKey: ['unRefunded', page, pageSize],
    queryFn: () => call(ordersContracts.listUnreleasedEarnest, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['unRefunded'] });

  const release = async (ids: number[]) => {
    setBusy(true);
    try {
      await releaseAndReport(ids, message, t);
      setSelected([]);
      await refresh();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  // Issue 14: the list fits a 1440 px screen with the menu open: the customer's id under the order number (its
  // own column offered in the table settings), the service given a width of its own.
  const columns: TableColumnsType<AdminOrder> = [
    {
      title: stackedTitle(t('waybills.orderNo'), t('waybills.userId')),
      dataIndex: 'orderNo',
      width: 190,
      render: (orderNo: string, order) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setDetailId(order.id)}>{orderNo}</Typography.Link>
          <Typography.Text type="secondary">{order.userId}</Typography.Text>
        </Space>
      ),
    },
    { title: t('waybills.userId'), dataIndex: 'userId', width: 80, hidden: true },
    {
      title: t('waybills.statusLabel'),
      dataIndex: 'status',
      width: 130,
      render: (status: number) => <OrderStatusTag status={status} wording="admin" />,
    },
    {
      title: t('waybills.earnest'),
      dataIndex: 'earnest',
      width: 120,
      align: 'right',
      render: (value: string) => <Money amount={value} />,
    },
    {
      title: t('waybills.service'),
      key: 'service',
      width: 180,
      ellipsis: true,
      render: (_value, order) =>
        order.serviceName ? `${order.carrierCode} · ${shownName(order.serviceName)}` : NO_VALUE,
    },
    {
      title: t('waybills.billedCost'),
      dataIndex: 'billedCost',
      width: 120,
      align: 'right',
      render: (value: string | null) => (value ? <Money amount={value} /> : NO_VALUE),
    },
    {
      title: t('waybills.labelTime'),
      dataIndex: 'createdTime',
      width: 150,
      render: shownMinute,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      render: (_value, order) => (
        <Popconfirm
          title={t('waybills.releaseConfirm', { count: 1 })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          okButtonProps={{ 'data-testid': 'popconfirm-ok' } as ButtonProps}
          onConfirm={() => release([order.id])}
        >
          <Button type="link" size="small" disabled={!holdsEarnest(order)} data-testid="unrefunded-release">
            {t('waybills.releaseEarnest')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  return (
    <div data-testid="unrefunded-earnest">
      <Space style={{ marginBottom: 12 }}>
        <Popconfirm
          title={t('waybills.releaseConfirm', { count: selected.length })}
          okText={t('common.confirm')}
          cancelText={t('common.cancel')}
          disabled={selected.length === 0}
          onConfirm={() => release(selected)}
        >
          <Button
            type="primary"
            disabled={selected.length === 0}
            loading={busy}
            data-testid="unrefunded-release-selected"
          >
            {t('waybills.releaseSelected', { count: selected.length })}
          </Button>
        </Popconfirm>
        <Button icon={<ReloadOutlined />} onClick={() => void refresh()}>
          {t('carriers.reload')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('unRefunded.hint')}</Typography.Paragraph>
      <ArrangedTable<AdminOrder>
        list="earnestHeld"
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as number[]),
          getCheckboxProps: (order) => ({ disabled: !holdsEarnest(order) }),
        }}
        onRow={(order) => ({ 'data-testid': `unrefunded-row-${order.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(orders.data?.total ?? 0)}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
