import { DownOutlined, SearchOutlined } from '@ant-design/icons';
import { hasAnyCode, ORDER_STATUS } from '@parcelport/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  DatePicker,
  Dropdown,
  Form,
  Input,
  InputNumber,
  type MenuProps,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminOrder,
  type AdminOrderFilter,
  copyAdminOrder,
  downloadAdminLabel,
  listAdminOrders,
} from '../../../api/adminOrders';
import { listChannels } from '../../../api/channels';
import { Money } from '../../../components/Money';
import { OrderStatusTag, useOrderStatusOptions } from '../../../components/OrderStatusTag';
import { usePaging } from '../../../components/usePaging';
import { userCodes, useSessionStore } from '../../../stores/session';
import { BillModal } from './BillModal';
import { CancelAuditModal } from './CancelAuditModal';
import { holdsEarnest, releaseAndReport } from './earnest';
import { OrderDetailDrawer } from './OrderDetailDrawer';

interface FilterValues {
  status?: number;
  keyword?: string;
  userId?: number | null;
  channelId?: number;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const BILLABLE: number[] = [ORDER_STATUS.pendingTransport, ORDER_STATUS.inTransit, ORDER_STATUS.delivered];

/**
 * /adminSettings/allWaybills: every order with its filters, label downloads, detail with timeline, and
 * the staff actions (cancellation audit, bill settlement, earnest release, copy).
 */
export default function AllWaybills() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const codes = userCodes(useSessionStore((state) => state.userInfo));
  const canSeeChannels = hasAnyCode(['adminChannel'], codes);
  const statusOptions = useOrderStatusOptions('admin');
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<AdminOrderFilter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [auditing, setAuditing] = useState<AdminOrder | null>(null);
  const [billing, setBilling] = useState<AdminOrder | null>(null);
  const [selected, setSelected] = useState<AdminOrder[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  const orders = useQuery({
    queryKey: ['adminOrders', filter, page, pageSize],
    queryFn: () => listAdminOrders({ ...filter, page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({ queryKey: ['channels'], queryFn: listChannels, enabled: canSeeChannels });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['adminOrders'] });

  const run = async (key: string, work: () => Promise<void>) => {
    setBusy(key);
    try {
      await work();
    } catch {
      // the request client has shown why
    } finally {
      setBusy(null);
    }
  };

  const label = (order: AdminOrder, nameBy: 'orderNo' | 'trackingNo') =>
    run(`label-${order.id}`, () => downloadAdminLabel(order, nameBy));

  const release = (orders: AdminOrder[]) =>
    modal.confirm({
      title: t('waybills.releaseConfirm', { count: orders.length }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { 'data-testid': 'release-ok' } as ButtonProps,
      onOk: () =>
        run('release', async () => {
          await releaseAndReport(
            orders.map((order) => order.id),
            message,
            t,
          );
          setSelected([]);
          await refresh();
        }),
    });

  const copy = (order: AdminOrder) =>
    run(`copy-${order.id}`, async () => {
      const copied = await copyAdminOrder(order.id);
      message.success(<span data-testid="order-copied">{t('waybills.copied', { orderNo: copied.orderNo })}</span>);
      await refresh();
    });

  const actionsOf = (order: AdminOrder): MenuProps['items'] => [
    ...(order.tackNo
      ? [
          { key: 'labelOrderNo', label: t('waybills.labelByOrderNo'), onClick: () => void label(order, 'orderNo') },
          {
            key: 'labelTracking',
            label: t('waybills.labelByTrackingNo'),
            onClick: () => void label(order, 'trackingNo'),
          },
        ]
      : []),
    ...(BILLABLE.includes(order.status) && !order.billedAt
      ? [
          {
            key: 'bill',
            label: <span data-testid="action-bill">{t('waybills.bill.action')}</span>,
            onClick: () => setBilling(order),
          },
        ]
      : []),
    ...(holdsEarnest(order)
      ? [
          {
            key: 'release',
            label: <span data-testid="action-release">{t('waybills.releaseEarnest')}</span>,
            onClick: () => release([order]),
          },
        ]
      : []),
    {
      key: 'copy',
      label: <span data-testid="action-copy">{t('waybills.copy')}</span>,
      onClick: () => void copy(order),
    },
  ];

  const channelName = (id: number | null) =>
    id === null ? '—' : (channels.data?.list.find((channel) => channel.id === id)?.name ?? `#${id}`);

  const columns: TableColumnsType<AdminOrder> = [
    {
      title: t('waybills.orderNo'),
      dataIndex: 'orderNo',
      width: 190,
      fixed: 'left',
      render: (orderNo: string, order) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setDetailId(order.id)} data-testid="order-open-detail">
            {orderNo}
          </Typography.Link>
          {order.isTest && <Tag color="orange">TEST</Tag>}
        </Space>
      ),
    },
    {
      title: t('waybills.tackNo'),
      dataIndex: 'tackNo',
      width: 200,
      render: (value: string | null) => (value ? <Typography.Text copyable>{value}</Typography.Text> : '—'),
    },
    { title: t('waybills.userId'), dataIndex: 'userId', width: 80 },
    {
      title: t('waybills.service'),
      key: 'service',
      width: 220,
      render: (_value, order) =>
        order.serviceName ? (
          <Space orientation="vertical" size={0}>
            <span>{order.serviceName}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {order.carrierCode} · {channelName(order.channelId)}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('waybills.statusLabel'),
      dataIndex: 'status',
      width: 130,
      render: (status: number, order) =>
        order.auditInfo ? (
          <Tooltip title={`${t('waybills.auditInfo')}: ${order.auditInfo}`}>
            <span>
              <OrderStatusTag status={status} wording="admin" />
            </span>
          </Tooltip>
        ) : (
          <OrderStatusTag status={status} wording="admin" />
        ),
    },
    {
      title: t('waybills.rate'),
      dataIndex: 'rate',
      width: 100,
      align: 'right',
      render: (value: string | null) => (value ? <Money amount={value} /> : '—'),
    },
    {
      title: t('waybills.earnest'),
      dataIndex: 'earnest',
      width: 110,
      align: 'right',
      render: (value: string, order) => (
        <Space size={4}>
          <Money amount={value} />
          {order.earnestReleasedAt && <Tag color="green">{t('waybills.releasedShort')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('waybills.recipient'),
      key: 'recipient',
      width: 200,
      ellipsis: true,
      render: (_value, order) => `${order.toPersonName} · ${order.toZipCode}`,
    },
    {
      title: t('waybills.createdAt'),
      dataIndex: 'createdAt',
      width: 150,
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 200,
      render: (_value, order) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetailId(order.id)} data-testid="action-detail">
            {t('waybills.detail')}
          </Button>
          {order.status === ORDER_STATUS.cancelling && (
            <Button type="link" size="small" onClick={() => setAuditing(order)} data-testid="action-audit">
              {t('waybills.audit.action')}
            </Button>
          )}
          <Dropdown menu={{ items: actionsOf(order) }} trigger={['click']}>
            <Button type="link" size="small" loading={busy?.endsWith(`-${order.id}`)} data-testid="action-more">
              {t('waybills.more')} <DownOutlined />
            </Button>
          </Dropdown>
        </Space>
      ),
    },
  ];

  const applyFilter = (values: FilterValues) => {
    setPage(1);
    setFilter({
      status: values.status,
      keyword: values.keyword?.trim() || undefined,
      userId: values.userId ?? undefined,
      channelId: values.channelId,
      from: values.dates?.[0]?.format('YYYY-MM-DD'),
      to: values.dates?.[1]?.format('YYYY-MM-DD'),
    });
  };

  const releasable = selected.filter(holdsEarnest);
  return (
    <Card title={t('menu.adminSettings.allWaybills')} data-testid="all-waybills-page">
      <Form<FilterValues> form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={applyFilter}>
        <Form.Item name="status" label={t('waybills.statusLabel')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('waybills.allStatuses')}
            options={statusOptions}
            data-testid="waybills-status"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('waybills.keyword')}>
          <Input
            allowClear
            placeholder={t('waybills.keywordPlaceholder')}
            style={{ width: 240 }}
            data-testid="waybills-keyword"
          />
        </Form.Item>
        <Form.Item name="userId" label={t('waybills.userId')}>
          <InputNumber min={1} precision={0} style={{ width: 110 }} data-testid="waybills-user" />
        </Form.Item>
        {canSeeChannels && (
          <Form.Item name="channelId" label={t('carriers.channel')}>
            <Select
              allowClear
              style={{ width: 200 }}
              placeholder={t('waybills.allChannels')}
              options={(channels.data?.list ?? []).map((channel) => ({ value: channel.id, label: channel.name }))}
              data-testid="waybills-channel"
            />
          </Form.Item>
        )}
        <Form.Item name="dates" label={t('waybills.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="waybills-dates" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="waybills-search">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                applyFilter({});
              }}
              data-testid="waybills-reset"
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Space style={{ marginBottom: 12 }}>
        <Button
          disabled={releasable.length === 0}
          loading={busy === 'release'}
          onClick={() => release(releasable)}
          data-testid="waybills-release-selected"
        >
          {t('waybills.releaseSelected', { count: releasable.length })}
        </Button>
      </Space>
      <Table<AdminOrder>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 1600 }}
        rowSelection={{
          selectedRowKeys: selected.map((order) => order.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
        onRow={(order) => ({ 'data-testid': `order-row-${order.orderNo}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(orders.data?.total ?? 0)}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
      <CancelAuditModal order={auditing} onClose={() => setAuditing(null)} onDone={() => void refresh()} />
      <BillModal order={billing} onClose={() => setBilling(null)} onDone={() => void refresh()} />
    </Card>
  );
}
