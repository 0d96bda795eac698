import { ImportOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { CARRIER_CODES, type CarrierCode, formatTracking, ORDER_LIST_ROUTES } from '@parcelport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Popconfirm,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useNavigate, useSearchParams } from 'react-router';
import { type LabelNameBy, listOrders, myServices, type OrderFilter, type OrderListItem } from '../../api/orders';
import { AddressStatusTag } from '../../components/AddressStatusTag';
import { Money } from '../../components/Money';
import { OrderStatusTag, useOrderStatusOptions } from '../../components/OrderStatusTag';
import { usePaging } from '../../components/usePaging';
import { handleOf } from '../../router/handle';
import {
  type BulkAction,
  detailPath,
  LabelNameBySwitch,
  NEW_ORDER_PATH,
  OrderActions,
  useOrderActions,
} from './orderActions';
import { IMPORT_PATH, selectsRows, VolumeToolbar, volumeToolsFor } from './VolumeToolbar';

/** How one list route of SPEC §2 /shipments shows its orders. */
export interface ListConfig {
  /** The status the route shows; null: every status, with a status filter and column. */
  status: number | null;
  operations: boolean;
  bulk: BulkAction[];
}

/**
 * SPEC §2's table: the route decides the status; allWaybills shows all with a status filter and column,
 * failWaybill and VoidedAll hide the operations column; batch actions are the ones the server offers for
 * that state. VoidedAll's restore is back to draft: the server's cancel-restore only withdraws a pending
 * cancellation (6 → 1), and back to draft is the call that takes a voided order (15) back.
 */
export function listConfigFor(routeName: string): ListConfig {
  const route = ORDER_LIST_ROUTES.find((item) => item.name === routeName);
  const status = route ? route.status : null;
  const bulk: Record<string, BulkAction[]> = {
    allWaybills: ['cancel', 'restore', 'backToDraft'],
    transported: ['cancel'],
    canceled: ['restore'],
    cancelWaybill: ['backToDraft'],
    failWaybill: ['backToDraft'],
    VoidedAll: ['backToDraft'],
  };
  return {
    status,
    operations: routeName !== 'failWaybill' && routeName !== 'VoidedAll',
    bulk: bulk[routeName] ?? [],
  };
}

interface FilterValues {
  keyword?: string;
  status?: number;
  channelId?: number;
  batchNo?: string;
  dates?: [Dayjs | null, Dayjs | null] | null;
}

const isCarrier = (code: string | null): code is CarrierCode =>
  code !== null && (CARRIER_CODES as readonly string[]).includes(code);

export function TrackingText({ carrierCode, value }: { carrierCode: string | null; value: string | null }) {
  if (!value) return <>—</>;
  return (
    <Typography.Text copyable={{ text: value }} style={{ whiteSpace: 'nowrap' }}>
      {isCarrier(carrierCode) ? formatTracking(carrierCode, value) : value}
    </Typography.Text>
  );
}

/** The customer-facing reason an order stopped: the failure, or the staff's audit note. */
export function OrderNote({ order }: { order: Pick<OrderListItem, 'failReason' | 'auditInfo'> }) {
  const { t } = useTranslation();
  if (!order.failReason && !order.auditInfo) return <>—</>;
  return (
    <Space orientation="vertical" size={0}>
      {order.failReason && (
        <Typography.Text type="danger" data-testid="order-fail-reason">
          {t('orderList.failReason')}: {order.failReason}
        </Typography.Text>
      )}
      {order.auditInfo && (
        <Typography.Text type="warning" data-testid="order-audit-info">
          {t('orderList.auditInfo')}: {order.auditInfo}
        </Typography.Text>
      )}
    </Space>
  );
}

function OrderListScreen({
  routeName,
  title,
  initialBatchNo,
}: {
  routeName: string;
  title: string;
  /** A batch to show from the start (the import screen links to its drafts with ?batchNo=). */
  initialBatchNo?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = listConfigFor(routeName);
  const tools = volumeToolsFor(routeName);
  const selectable = config.bulk.length > 0 || selectsRows(tools);
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<OrderFilter>(initialBatchNo ? { batchNo: initialBatchNo } : {});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [selected, setSelected] = useState<OrderListItem[]>([]);
  const [nameBy, setNameBy] = useState<LabelNameBy>('orderNo');
  const statusOptions = useOrderStatusOptions();
  const { bulk } = useOrderActions();

  const query = { ...filter, status: config.status ?? filter.status, page, pageSize };
  const orders = useQuery({
    queryKey: ['orders', 'list', query],
    queryFn: () => listOrders(query),
    placeholderData: keepPreviousData,
  });
  const services = useQuery({ queryKey: ['orders', 'myServices'], queryFn: myServices, staleTime: 60_000 });
  const channels = [...new Map((services.data ?? []).map((s) => [s.channelId, s.channelName])).entries()];

  const runBulk = async (action: BulkAction) => {
    await bulk.mutateAsync({
      action,
      ids: selected.map((order) => order.id),
      orderNos: Object.fromEntries(selected.map((order) => [order.id, order.orderNo])),
    });
    setSelected([]);
  };

  const columns: TableColumnsType<OrderListItem> = [
    {
      title: t('orderList.orderNo'),
      dataIndex: 'orderNo',
      width: 190,
      fixed: 'left',
      render: (orderNo: string, order) => (
        <Space orientation="vertical" size={0}>
          <Space size={4}>
            <Link to={detailPath(order.id)} data-testid="order-no">
              {orderNo}
            </Link>
            {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
          </Space>
          {order.batchNo && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('orderList.batchNo')}: {order.batchNo}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('orderList.trackingNo'),
      dataIndex: 'tackNo',
      width: 250,
      render: (value: string | null, order) => <TrackingText carrierCode={order.carrierCode} value={value} />,
    },
    ...(config.status === null
      ? [
          {
            title: t('field.status'),
            dataIndex: 'status',
            width: 160,
            render: (status: number) => <OrderStatusTag status={status} />,
          },
        ]
      : []),
    {
      title: t('orderList.service'),
      dataIndex: 'serviceName',
      width: 180,
      render: (name: string | null, order) =>
        name ? (
          <Space orientation="vertical" size={0}>
            <span>{name}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {order.carrierCode}
              {order.zone !== null ? ` · ${t('orderList.zone', { zone: order.zone })}` : ''}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('orderList.recipient'),
      key: 'recipient',
      width: 240,
      render: (_value, order) => (
        <Space orientation="vertical" size={0}>
          <span>
            {order.toPersonName} · {order.toZipCode}
          </span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: order.toAddress }} style={{ maxWidth: 220 }}>
            {order.toAddress}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: t('address.column'),
      key: 'addressStatus',
      width: 130,
      render: (_value, order) => <AddressStatusTag status={order.addressStatus} note={order.addressNote} />,
    },
    {
      title: t('orderList.sender'),
      key: 'sender',
      width: 160,
      render: (_value, order) => (
        <span>
          {order.fromPersonName} · {order.fromZipCode}
        </span>
      ),
    },
    { title: t('orderList.reference1'), dataIndex: 'reference1', width: 120, ellipsis: true },
    {
      title: t('orderList.charges'),
      key: 'charges',
      width: 130,
      align: 'right',
      render: (_value, order) =>
        order.rate === null ? (
          '—'
        ) : (
          <Space orientation="vertical" size={0} style={{ alignItems: 'flex-end' }}>
            <Money amount={order.rate} />
            {Number(order.insuranceFee) > 0 && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('orderList.insuranceFee')} <Money amount={order.insuranceFee} />
              </Typography.Text>
            )}
          </Space>
        ),
    },
    {
      title: t('orderList.note'),
      key: 'note',
      width: 220,
      render: (_value, order) => <OrderNote order={order} />,
    },
    {
      title: t('orderList.createdAt'),
      dataIndex: 'createdAt',
      width: 160,
      render: (value: string, order) => (
        <Space orientation="vertical" size={0}>
          <span>{dayjs(value).format('YYYY-MM-DD HH:mm')}</span>
          {order.createdTime && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('orderList.labelTime')} {dayjs(order.createdTime).format('MM-DD HH:mm')}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    ...(config.operations
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right' as const,
            width: 230,
            render: (_value: unknown, order: OrderListItem) => <OrderActions order={order} nameBy={nameBy} />,
          },
        ]
      : []),
  ];

  const bulkLabel = (action: BulkAction) =>
    routeName === 'VoidedAll' && action === 'backToDraft' ? t('orderList.restoreVoided') : t(`orderAction.${action}`);

  return (
    <Card
      title={title}
      data-testid="order-list-page"
      data-route={routeName}
      extra={
        <Space>
          <Button icon={<ImportOutlined />} onClick={() => navigate(IMPORT_PATH)} data-testid="order-list-import">
            {t('menu.shipments.importOrders')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(NEW_ORDER_PATH)}
            data-testid="order-list-new"
          >
            {t('menu.shipments.newOrder')}
          </Button>
        </Space>
      }
    >
      <Form<FilterValues>
        form={form}
        initialValues={{ batchNo: initialBatchNo }}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setPage(1);
          setSelected([]);
          const [from, to] = values.dates ?? [];
          setFilter({
            keyword: values.keyword?.trim() || undefined,
            status: values.status,
            channelId: values.channelId,
            batchNo: values.batchNo?.trim() || undefined,
            from: from ? from.format('YYYY-MM-DD') : undefined,
            to: to ? to.format('YYYY-MM-DD') : undefined,
          });
        }}
      >
        <Form.Item name="keyword" label={t('orderList.keyword')}>
          <Input
            allowClear
            placeholder={t('orderList.keywordPlaceholder')}
            style={{ width: 260 }}
            data-testid="orders-keyword"
          />
        </Form.Item>
        {config.status === null && (
          <Form.Item name="status" label={t('field.status')}>
            <Select
              allowClear
              style={{ width: 150 }}
              placeholder={t('orderList.allStatuses')}
              options={statusOptions}
              data-testid="orders-status"
            />
          </Form.Item>
        )}
        <Form.Item name="channelId" label={t('orderList.channel')}>
          <Select
            allowClear
            style={{ width: 180 }}
            placeholder={t('orderList.allChannels')}
            options={channels.map(([value, label]) => ({ value, label }))}
            data-testid="orders-channel"
          />
        </Form.Item>
        <Form.Item name="dates" label={t('orderList.dates')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} data-testid="orders-dates" />
        </Form.Item>
        <Form.Item name="batchNo" label={t('orderList.batchNo')}>
          <Input allowClear style={{ width: 140 }} data-testid="orders-batch" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="orders-search">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setPage(1);
                setSelected([]);
                setFilter({});
              }}
              data-testid="orders-reset"
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>

      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space wrap>
          {selectable && (
            <Typography.Text type="secondary" data-testid="orders-selected">
              {t('orderList.selected', { count: selected.length })}
            </Typography.Text>
          )}
          {config.bulk.map((action) => (
            <Popconfirm
              key={action}
              title={t('orderList.bulkConfirm', { action: bulkLabel(action), count: selected.length })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
              disabled={selected.length === 0}
              onConfirm={() => runBulk(action)}
            >
              <Button
                disabled={selected.length === 0}
                danger={action === 'cancel'}
                loading={bulk.isPending && bulk.variables?.action === action}
                data-testid={`orders-bulk-${action}`}
              >
                {bulkLabel(action)}
              </Button>
            </Popconfirm>
          ))}
          <VolumeToolbar
            tools={tools}
            selected={selected}
            filter={{ ...filter, status: config.status ?? filter.status }}
            nameBy={nameBy}
            onSelectionDone={() => setSelected([])}
          />
        </Space>
        {(config.operations || tools.labels) && <LabelNameBySwitch value={nameBy} onChange={setNameBy} />}
      </Space>

      <Table<OrderListItem>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        scroll={{ x: 1630 }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selected.map((order) => order.id),
                onChange: (_keys, rows) => setSelected(rows),
                preserveSelectedRowKeys: false,
              }
            : undefined
        }
        onRow={(order) =>
          ({
            'data-testid': `order-row-${order.orderNo}`,
            'data-status': order.status,
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(orders.data?.total ?? 0, () => setSelected([]))}
      />
    </Card>
  );
}

/**
 * The one order list screen of SPEC §2 /shipments: every list route renders it and the route's name picks
 * the status (ORDER_LIST_ROUTES); a new route name starts a fresh screen (filters, page, selection).
 */
export default function OrderList() {
  const { t } = useTranslation();
  const meta = handleOf(useMatches().at(-1)?.handle)?.meta;
  const routeName = meta?.name ?? 'allWaybills';
  const batchNo = useSearchParams()[0].get('batchNo') ?? undefined;
  return (
    <OrderListScreen
      key={`${routeName}:${batchNo ?? ''}`}
      routeName={routeName}
      initialBatchNo={batchNo}
      title={meta?.locale ? t(meta.locale) : ''}
    />
  );
}
