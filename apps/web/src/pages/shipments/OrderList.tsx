import { ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { ORDER_LIST_ROUTES } from '@parcelport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Popconfirm, Space, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches, useNavigate, useSearchParams } from 'react-router';
import { type LabelNameBy, listOrders, myServices, type OrderFilter, type OrderListItem } from '../../api/orders';
import { AddressStatusTag } from '../../components/AddressStatusTag';
import { Money } from '../../components/Money';
import { OrderStatusTag, useOrderStatusOptions } from '../../components/OrderStatusTag';
import {
  ChannelFilter,
  DatesFilter,
  KeywordFilter,
  OrderFilters,
  type OrderFilterValues,
  orderFilterOf,
  StatusFilter,
} from '../../components/orders/OrderFilters';
import { OrderNote } from '../../components/orders/OrderNote';
import { OrderTable } from '../../components/orders/OrderTable';
import {
  actionsColumn,
  createdAtColumn,
  listTime,
  orderNoColumn,
  Stacked,
  SubLine,
  serviceColumn,
} from '../../components/orders/orderColumns';
import { TrackingText } from '../../components/orders/TrackingText';
import { usePaging } from '../../components/usePaging';
import { handleOf } from '../../router/handle';
import {
  type BulkAction,
  detailPath,
  IMPORT_PATH,
  LabelNameBySwitch,
  NEW_ORDER_PATH,
  OrderActions,
  useOrderActions,
} from './orderActions';
import { selectsRows, VolumeToolbar, volumeToolsFor } from './VolumeToolbar';

/** How one list route of docs/spec.md §2 /shipments shows its orders. */
export interface ListConfig {
  /** The status the route shows; null: every status, with a status filter and column. */
  status: number | null;
  operations: boolean;
  bulk: BulkAction[];
}

/**
 * docs/spec.md §2's table: the route decides the status; allWaybills shows all with a status filter and column,
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

interface FilterValues extends OrderFilterValues {
  batchNo?: string;
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
    orderNoColumn<OrderListItem>(t('orderList.orderNo'), 190, (order) => (
      <Stacked>
        <Space size={4}>
          <Link to={detailPath(order.id)} data-testid="order-no">
            {order.orderNo}
          </Link>
          {order.isTest && <Tag color="purple">{t('orderList.test')}</Tag>}
        </Space>
        {order.batchNo && (
          <SubLine>
            {t('orderList.batchNo')}: {order.batchNo}
          </SubLine>
        )}
      </Stacked>
    )),
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
    serviceColumn<OrderListItem>({ title: t('orderList.service'), dataIndex: 'serviceName', width: 180 }, (order) => (
      <>
        {order.carrierCode}
        {order.zone !== null ? ` · ${t('orderList.zone', { zone: order.zone })}` : ''}
      </>
    )),
    {
      title: t('orderList.recipient'),
      key: 'recipient',
      width: 240,
      render: (_value, order) => (
        <Stacked>
          <span>
            {order.toPersonName} · {order.toZipCode}
          </span>
          <Typography.Text type="secondary" ellipsis={{ tooltip: order.toAddress }} style={{ maxWidth: 220 }}>
            {order.toAddress}
          </Typography.Text>
        </Stacked>
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
              <SubLine>
                {t('orderList.insuranceFee')} <Money amount={order.insuranceFee} />
              </SubLine>
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
    createdAtColumn<OrderListItem>(t('orderList.createdAt'), 160, (value, order) => (
      <Stacked>
        <span>{listTime(value)}</span>
        {order.createdTime && (
          <SubLine>
            {t('orderList.labelTime')} {dayjs(order.createdTime).format('MM-DD HH:mm')}
          </SubLine>
        )}
      </Stacked>
    )),
    ...(config.operations
      ? [
          actionsColumn<OrderListItem>(t('common.actions'), 230, (order) => (
            <OrderActions order={order} nameBy={nameBy} />
          )),
        ]
      : []),
  ];

  // One action, one name: the bulk button says what the row's action says.
  const bulkLabel = (action: BulkAction) => t(`orderAction.${action}`);

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
      <OrderFilters<FilterValues>
        prefix="orders"
        form={form}
        initialValues={{ batchNo: initialBatchNo }}
        onFinish={(values) => {
          setPage(1);
          setSelected([]);
          const { from, to, ...shared } = orderFilterOf(values);
          setFilter({ ...shared, batchNo: values.batchNo?.trim() || undefined, from, to });
        }}
        onReset={() => {
          setPage(1);
          setSelected([]);
          setFilter({});
        }}
      >
        <KeywordFilter label={t('orderList.keyword')} placeholder={t('orderList.keywordPlaceholder')} width={260} />
        {config.status === null && (
          <StatusFilter
            label={t('field.status')}
            placeholder={t('orderList.allStatuses')}
            width={150}
            options={statusOptions}
          />
        )}
        <ChannelFilter
          label={t('orderList.channel')}
          placeholder={t('orderList.allChannels')}
          width={180}
          options={channels.map(([value, label]) => ({ value, label }))}
        />
        <DatesFilter label={t('orderList.dates')} />
        <Form.Item name="batchNo" label={t('orderList.batchNo')}>
          <Input allowClear style={{ width: 140 }} data-testid="orders-batch" />
        </Form.Item>
      </OrderFilters>

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

      <OrderTable<OrderListItem>
        list="orders"
        columns={columns}
        orders={orders.data?.list ?? []}
        loading={orders.isFetching}
        selection={selectable ? { selected, onChange: setSelected } : undefined}
        rowData={(order) => ({ 'data-status': order.status })}
        pagination={pagination(orders.data?.total ?? 0, () => setSelected([]))}
      />
    </Card>
  );
}

/**
 * The one order list screen of docs/spec.md §2 /shipments: every list route renders it and the route's name picks
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
