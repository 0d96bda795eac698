import { DownloadOutlined, DownOutlined } from '@ant-design/icons';
import { hasAnyCode, ORDER_STATUS } from '@parcelport/shared';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Dropdown,
  Form,
  type MenuProps,
  Space,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdminOrder,
  type AdminOrderFilter,
  downloadAdminLabel,
  exportAdminOrders,
} from '../../../api/adminOrders';
import { call } from '../../../api/call';
import { listChannels } from '../../../api/channels';
import type { PickedAccount } from '../../../components/AccountPicker';
import { Money } from '../../../components/Money';
import { OrderStatusTag, useOrderStatusOptions } from '../../../components/OrderStatusTag';
import {
  actionsColumn,
  createdAtColumn,
  orderNoColumn,
  Stacked,
  SubLine,
  serviceColumn,
} from '../../../components/orderColumns';
import { useTestData } from '../../../components/TestData';
import { TrackingText } from '../../../components/TrackingText';
import { usePaging } from '../../../components/usePaging';
import { shownName } from '../../../i18n';
import { userCodes, useSessionStore } from '../../../stores/session';
import { NO_VALUE, shownDay } from '../../../utils/shown';
import {
  ChannelFilter,
  DatesFilter,
  KeywordFilter,
  OrderFilters,
  type OrderFilterValues,
  orderFilterOf,
  StatusFilter,
} from '../OrderFilters';
import { OrderTable } from '../OrderTable';
import { ReturnTag } from '../ReturnTag';
import { BillModal } from './BillModal';
import { CancelAuditModal } from './CancelAuditModal';
import { CustomerCell } from './CustomerCell';
import { CustomerPicker } from './CustomerPicker';
import { holdsEarnest, releaseAndReport } from './earnest';
import { OrderDetailDrawer } from './OrderDetailDrawer';
import { useKeysetCursors } from './useKeysetCursors';

interface FilterValues extends OrderFilterValues {
  /** The customer picked: the list is filtered by its id (issue 29). */
  customer?: PickedAccount | null;
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
  const canSettleBills = hasAnyCode(ordersContracts.settleBill.access.codes, codes);
  const statusOptions = useOrderStatusOptions('admin');
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<AdminOrderFilter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [detailId, setDetailId] = useState<number | null>(null);
  const [auditing, setAuditing] = useState<AdminOrder | null>(null);
  const [billing, setBilling] = useState<AdminOrder | null>(null);
  const [selected, setSelected] = useState<AdminOrder[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  // Live orders, or (the Test data switch, issue 31) test ones alone; the filters leave it as it is.
  const testData = useTestData('waybills', () => {
    setPage(1);
    setSelected([]);
  });
  const mode = testData.mode;
  const listed = { ...filter, mode };

  const cursors = useKeysetCursors([filter, mode, pageSize]);
  const orders = useQuery({
    queryKey: ['adminOrders', listed, page, pageSize],
    queryFn: async () => {
      const answer = await call(ordersContracts.listOrders.admin, {
        query: { ...listed, page, pageSize, after: cursors.after(page) },
      });
      cursors.seen(page, answer.list);
      return answer;
    },
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
    run(`label-${order.id}`, async () => {
      await downloadAdminLabel(order, nameBy);
    });

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
      const copied = await call(ordersContracts.copyOrder.admin, { body: { id: order.id } });
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
    ...(canSettleBills && BILLABLE.includes(order.status) && !order.billedAt
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
    id === null ? NO_VALUE : shownName(channels.data?.list.find((channel) => channel.id === id)?.name ?? `#${id}`);

  // Issue 14: the columns staff read first fit a 1440 px screen with the menu open (FITS_1440): the tracking
  // number under the order number, the creation day over its time; the tracking number's own column and the
  // earnest are offered in the table settings.
  const columns: TableColumnsType<AdminOrder> = [
    orderNoColumn<AdminOrder>(t('waybills.orderNo'), 190, (order) => (
      <Stacked>
        <Space size={4}>
          <Typography.Link onClick={() => setDetailId(order.id)} data-testid="order-open-detail">
            {order.orderNo}
          </Typography.Link>
          {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
          <ReturnTag order={order} />
        </Space>
        {order.tackNo && <TrackingText carrierCode={order.carrierCode} value={order.tackNo} line />}
      </Stacked>
    )),
    {
      title: t('waybills.tackNo'),
      dataIndex: 'tackNo',
      width: 200,
      hidden: true,
      render: (value: string | null) => (value ? <Typography.Text copyable>{value}</Typography.Text> : NO_VALUE),
    },
    {
      title: t('waybills.customer'),
      dataIndex: 'customer',
      width: 160,
      render: (_value, order) => <CustomerCell order={order} />,
    },
    serviceColumn<AdminOrder>({ title: t('waybills.service'), key: 'service', width: 150 }, (order) => (
      <>
        {order.carrierCode} · {channelName(order.channelId)}
      </>
    )),
    {
      title: t('waybills.statusLabel'),
      dataIndex: 'status',
      width: 105,
      render: (status: number, order) =>
        order.auditInfo ? (
          <Tooltip title={`${t('waybills.auditInfo')}${t('common.colon')}${order.auditInfo}`}>
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
      width: 85,
      align: 'right',
      render: (value: string | null) => (value ? <Money amount={value} /> : NO_VALUE),
    },
    {
      title: t('waybills.earnest'),
      dataIndex: 'earnest',
      width: 110,
      hidden: true,
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
      width: 145,
      ellipsis: true,
      render: (_value, order) => `${order.toPersonName} · ${order.toZipCode}`,
    },
    createdAtColumn<AdminOrder>(t('waybills.createdAt'), 105, (value) => (
      <Stacked>
        <span>{shownDay(value)}</span>
        <SubLine>{dayjs(value).format('HH:mm')}</SubLine>
      </Stacked>
    )),
    actionsColumn<AdminOrder>(t('common.actions'), 130, (order) => (
      <Space size={0} wrap>
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
    )),
  ];

  const applyFilter = (values: FilterValues) => {
    setPage(1);
    const { keyword, status, channelId, from, to } = orderFilterOf(values);
    setFilter({ status, keyword, userId: values.customer?.id, channelId, from, to });
  };

  const releasable = selected.filter(holdsEarnest);
  return (
    <Card title={t('menu.adminSettings.allWaybills')} data-testid="all-waybills-page">
      <OrderFilters<FilterValues> form={form} prefix="waybills" onFinish={applyFilter} onReset={() => applyFilter({})}>
        <StatusFilter
          label={t('waybills.statusLabel')}
          placeholder={t('waybills.allStatuses')}
          width={180}
          options={statusOptions}
        />
        <KeywordFilter label={t('waybills.keyword')} placeholder={t('waybills.keywordPlaceholder')} width={240} />
        <Form.Item name="customer" label={t('waybills.customer')}>
          <CustomerPicker />
        </Form.Item>
        {canSeeChannels && (
          <ChannelFilter
            label={t('carriers.channel')}
            placeholder={t('waybills.allChannels')}
            width={200}
            options={(channels.data?.list ?? []).map((channel) => ({
              value: channel.id,
              label: shownName(channel.name),
            }))}
          />
        )}
        <DatesFilter label={t('waybills.dates')} />
      </OrderFilters>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          <Button
            disabled={releasable.length === 0}
            loading={busy === 'release'}
            onClick={() => release(releasable)}
            data-testid="waybills-release-selected"
          >
            {t('waybills.releaseSelected', { count: releasable.length })}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={busy === 'export'}
            onClick={() => void run('export', async () => void (await exportAdminOrders(listed)))}
            data-testid="waybills-export"
          >
            {t('export.xlsx')}
          </Button>
        </Space>
        {testData.control}
      </Space>
      {testData.banner}
      <OrderTable<AdminOrder>
        list="waybills"
        columns={columns}
        orders={orders.data?.list ?? []}
        loading={orders.isFetching}
        selection={{ selected, onChange: setSelected }}
        pagination={pagination(orders.data?.total ?? 0, undefined, orders.data?.totalCapped)}
      />
      <OrderDetailDrawer orderId={detailId} onClose={() => setDetailId(null)} />
      <CancelAuditModal order={auditing} onClose={() => setAuditing(null)} onDone={() => void refresh()} />
      <BillModal order={billing} onClose={() => setBilling(null)} onDone={() => void refresh()} />
    </Card>
  );
}
