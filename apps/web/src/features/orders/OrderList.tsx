import { FilterOutlined, ImportOutlined, MoreOutlined, PlusOutlined, RollbackOutlined } from '@ant-design/icons';
import { ORDER_LIST_ROUTES } from '@parcelport/shared';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import type { OrderListSort } from '@parcelport/shared/contracts/orders/schemas';
import * as preferencesContracts from '@parcelport/shared/contracts/preferences/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Form, Popconfirm, Space, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import type { LabelNameBy, OrderFilter, OrderListItem } from '../../api/orders';
import type { SavedViewState } from '../../api/savedViews';
import { type ListedMode, useTestData } from '../../components/TestData';
import { tableSettingsKey } from '../../components/table/ArrangedTable';
import { LOCKED_COLUMN, settingsFor } from '../../components/table/arrangeColumns';
import { usePaging } from '../../components/usePaging';
import { shownName } from '../../i18n';
import { usePhone } from '../../layout/usePhone';
import { handleOf } from '../../router/handle';
import { useDrawnScreenReplaced } from '../../utils/drawnScreen';
import { IMPORT_PATH, NEW_ORDER_PATH } from '../../utils/orderPaths';
import { selectsRows, VolumeToolbar, volumeToolsFor } from '../batches';
import { OrderCards } from './OrderCards';
import { type FilterValues, OrderListFilters } from './OrderListFilters';
import { OrderTable } from './OrderTable';
import { BulkTagPicker } from './OrderTags';
import { type BulkAction, LabelNameBySwitch, useOrderActions } from './orderActions';
import { orderListColumns } from './orderListColumns';
import { SavedViews } from './SavedViews';
import {
  filterOfView,
  formValuesOf,
  SORT_COLUMN,
  settingsWithColumns,
  sortOfView,
  viewStateOf,
} from './savedViewState';

// Loaded when opened: a return's form brings the order form's parts, which the list itself never shows.
const NewReturnDialog = lazy(() => import('../returns').then((module) => ({ default: module.NewReturnDialog })));

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

/** How many filters narrow the list (the dates count once), which a phone's Filters button shows. */
const activeFilters = (filter: OrderFilter) =>
  [
    filter.keyword,
    filter.status,
    filter.channelId,
    filter.from ?? filter.to,
    filter.batchNo,
    filter.kind,
    filter.tagId,
  ].filter((value) => value !== undefined).length;

export function OrderListScreen({
  routeName,
  title,
  initialBatchNo,
  initialMode,
}: {
  routeName: string;
  title: string;
  /** A batch to show from the start (the import screen links to its drafts with ?batchNo=). */
  initialBatchNo?: string;
  /** Test data from the start (a link's ?mode=test: a test batch's drafts). */
  initialMode?: ListedMode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const config = listConfigFor(routeName);
  const tools = volumeToolsFor(routeName);
  const selectable = config.bulk.length > 0 || selectsRows(tools);
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<OrderFilter>(initialBatchNo ? { batchNo: initialBatchNo } : {});
  // The order by creation time, set from its column's header or a saved view; filters leave it as it is.
  const [sort, setSort] = useState<OrderListSort>();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [selected, setSelected] = useState<OrderListItem[]>([]);
  // Live orders, or (the toolbar's Test data switch, issue 31) test ones alone; filters leave it as it is.
  const testData = useTestData(
    'orders',
    () => {
      setPage(1);
      setSelected([]);
    },
    'testData.banner',
    initialMode,
  );
  const { mode, setMode } = testData;
  const [nameBy, setNameBy] = useState<LabelNameBy>('orderNo');
  const { bulk } = useOrderActions();
  const phone = usePhone();
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [actionsOpen, setActionsOpen] = useState(false);
  const [newReturn, setNewReturn] = useState(false);
  const queryClient = useQueryClient();
  // Bumped when a saved view is applied: the table starts again from the arrangement the view set.
  const [arrangement, setArrangement] = useState(0);

  const query = { ...filter, mode, sort, status: config.status ?? filter.status, page, pageSize };
  const orders = useQuery({
    queryKey: ['orders', 'list', query],
    queryFn: () => call(ordersContracts.listOrders.app, { query: { ...query } }),
    placeholderData: keepPreviousData,
  });
  // the screen drawn at build time (the document's, landing here) stands until these rows, or the answer's error
  useDrawnScreenReplaced(orders.data !== undefined || orders.isError);
  const services = useQuery({
    queryKey: ['orders', 'myServices'],
    queryFn: () => call(channelsContracts.myServices, {}),
    staleTime: 60_000,
  });
  const channels = [...new Map((services.data ?? []).map((s) => [s.channelId, shownName(s.channelName)])).entries()];

  const runBulk = async (action: BulkAction) => {
    await bulk.mutateAsync({
      action,
      ids: selected.map((order) => order.id),
      orderNos: Object.fromEntries(selected.map((order) => [order.id, order.orderNo])),
    });
    setSelected([]);
  };

  const columns = orderListColumns(t, config, sort, nameBy);

  // One action, one name: the bulk button says what the row's action says.
  const bulkLabel = (action: BulkAction) => t(`orderAction.${action}`);

  // A new filter starts the list again from its first page, with nothing selected.
  const filterBy = (next: OrderFilter) => {
    setPage(1);
    setSelected([]);
    setFilter(next);
    setFiltersOpen(false);
  };
  const filters = (
    <OrderListFilters
      form={form}
      phone={phone}
      initialBatchNo={initialBatchNo}
      allStatuses={config.status === null}
      channels={channels}
      onFilter={filterBy}
    />
  );

  const selectedCount = selectable && (
    <Typography.Text type="secondary" data-testid="orders-selected">
      {t('orderList.selected', { count: selected.length })}
    </Typography.Text>
  );

  const bulkTools = (
    <>
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
      {selectable && <BulkTagPicker ids={selected.map((order) => order.id)} onDone={() => setSelected([])} />}
      <VolumeToolbar
        tools={tools}
        selected={selected}
        filter={{ ...filter, mode, status: config.status ?? filter.status }}
        nameBy={nameBy}
        matching={orders.data?.total}
        onSelectionDone={() => setSelected([])}
      />
    </>
  );

  const nameBySwitch = (config.operations || tools.labels) && <LabelNameBySwitch value={nameBy} onChange={setNameBy} />;
  const selection = selectable ? { selected, onChange: setSelected } : undefined;
  const paging = pagination(orders.data?.total ?? 0, () => setSelected([]), orders.data?.totalCapped);
  const active = activeFilters(filter);

  // Issue 30: saved views keep the filters and the columns shown (the order lists share one arrangement).
  const arrangedNow = () =>
    settingsFor(columns, queryClient.getQueryData(tableSettingsKey('orders')) ?? null, LOCKED_COLUMN);
  const applyView = (state: SavedViewState) => {
    const { mode: viewMode, ...next } = filterOfView(state);
    form.resetFields();
    form.setFieldsValue(formValuesOf(next));
    setPage(1);
    setSelected([]);
    setFilter(next);
    setMode(viewMode === 'test' ? 'test' : undefined);
    setSort(sortOfView(state));
    if (state.columns.length > 0) {
      const settings = settingsWithColumns(arrangedNow(), state.columns);
      queryClient.setQueryData(tableSettingsKey('orders'), settings);
      setArrangement((count) => count + 1);
      void call(preferencesContracts.saveTableSettings, { params: { list: 'orders' }, body: settings }).catch(
        () => undefined,
      );
    }
  };
  const savedViews = (
    <SavedViews current={() => viewStateOf({ ...filter, mode }, arrangedNow(), sort)} onApply={applyView} />
  );

  return (
    <Card
      title={title}
      data-testid="order-list-page"
      data-route={routeName}
      extra={
        <Space>
          <Button icon={<RollbackOutlined />} onClick={() => setNewReturn(true)} data-testid="order-list-new-return">
            {t('returns.new')}
          </Button>
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
      {phone ? (
        // Issue 26: on a phone the five filters and the batch buttons pushed the first order off the first
        // screen; there they wait behind two buttons, and the orders are cards.
        <>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
            <Button icon={<FilterOutlined />} onClick={() => setFiltersOpen(true)} data-testid="orders-filters-open">
              {active > 0 ? t('orderList.filtersActive', { count: active }) : t('orderList.filters')}
            </Button>
            <Button icon={<MoreOutlined />} onClick={() => setActionsOpen(true)} data-testid="orders-actions-open">
              {t('common.actions')}
            </Button>
            {selectedCount}
          </Flex>
          <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }}>
            {savedViews}
            {testData.control}
          </Flex>
          {testData.banner}
          <Drawer
            title={t('orderList.filters')}
            size="90%"
            open={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            forceRender
          >
            <div data-testid="orders-filters-drawer">{filters}</div>
          </Drawer>
          <Drawer
            title={t('common.actions')}
            placement="bottom"
            size="70%"
            open={actionsOpen}
            onClose={() => setActionsOpen(false)}
            forceRender
          >
            <Flex vertical gap={12} data-testid="orders-actions-drawer">
              {selectedCount}
              <Space wrap>{bulkTools}</Space>
              {nameBySwitch}
            </Flex>
          </Drawer>
          <OrderCards
            orders={orders.data?.list ?? []}
            loading={orders.isFetching}
            nameBy={nameBy}
            operations={config.operations}
            selection={selection}
            pagination={paging}
          />
        </>
      ) : (
        <>
          {filters}
          <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
            <Space wrap>
              {selectedCount}
              {bulkTools}
            </Space>
            <Space wrap>
              {testData.control}
              {savedViews}
              {nameBySwitch}
            </Space>
          </Space>
          {testData.banner}
          <OrderTable<OrderListItem>
            key={arrangement}
            list="orders"
            columns={columns}
            orders={orders.data?.list ?? []}
            loading={orders.isFetching}
            selection={selection}
            rowData={(order) => ({ 'data-status': order.status })}
            pagination={paging}
            onSort={(sorter) => {
              if (sorter.field !== SORT_COLUMN) return;
              setPage(1);
              setSelected([]);
              setSort(sorter.order === 'ascend' ? 'oldest' : undefined);
            }}
          />
        </>
      )}
      {newReturn && (
        <Suspense fallback={null}>
          <NewReturnDialog onClose={() => setNewReturn(false)} />
        </Suspense>
      )}
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
  const [params] = useSearchParams();
  const batchNo = params.get('batchNo') ?? undefined;
  const mode = params.get('mode') === 'test' ? ('test' as const) : undefined;
  return (
    <OrderListScreen
      key={`${routeName}:${batchNo ?? ''}:${mode ?? ''}`}
      routeName={routeName}
      initialBatchNo={batchNo}
      initialMode={mode}
      title={meta?.locale ? t(meta.locale) : ''}
    />
  );
}
