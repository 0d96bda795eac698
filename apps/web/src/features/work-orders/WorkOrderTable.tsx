import { WORK_ORDER_STATUS, type WorkOrderType } from '@parcelport/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  listWorkOrders,
  WORK_ORDERS_KEY,
  type WorkOrder,
  type WorkOrderDesk,
  type WorkOrderFilter,
} from '../../api/workOrders';
import { FilterActions, SelectFilterItem } from '../../components/FundsFilterItems';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownMinute } from '../../utils/shown';
import { WorkOrderStatusTag, workOrderPath, workOrderStatusOptions, workOrderTypeOptions } from './options';
import { WaybillCell } from './WaybillCell';

interface FilterValues {
  status?: number;
  type?: WorkOrderType;
  keyword?: string;
}

/** Customer service starts on the queue still to answer; merchants see all of theirs. */
const defaultFilter = (desk: WorkOrderDesk): FilterValues =>
  desk === 'service' ? { status: WORK_ORDER_STATUS.processing } : {};

/**
 * A desk's work orders, latest changed first: ticket, type, subject, waybill with its order status, state,
 * the latest reply and whose it was, updated time; filtered by status, type and keyword, paged by the
 * server. `service` is customer service's queue over every merchant (with the merchant's account).
 */
export function WorkOrderTable({ desk }: { desk: WorkOrderDesk }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<WorkOrderFilter>(defaultFilter(desk));
  const { page, pageSize, setPage, pagination } = usePaging();
  const staff = desk === 'service';

  const orders = useQuery({
    queryKey: [WORK_ORDERS_KEY, desk, filter, page, pageSize],
    queryFn: () => listWorkOrders(desk, filter, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

  const whoReplied = (row: WorkOrder) => {
    if (row.lastReplySide === 'service') return t('workOrder.customerService');
    if (staff) return row.user.name || row.user.username;
    return t('workOrder.you');
  };

  // Issue 14: the list's own columns fit a 1440 px screen with the menu open (FITS_1440); the service desk,
  // with the merchant's column, offers the type (its filter stays) in the table settings.
  const lastReplyWidth = staff ? 180 : 200;
  const columns: TableColumnsType<WorkOrder> = [
    {
      title: t('workOrder.ticketNo'),
      dataIndex: 'ticketNo',
      width: staff ? 120 : 130,
      fixed: 'left',
      render: (ticketNo: string, row) => (
        <Link to={workOrderPath(desk, row.id)} data-testid="work-order-open">
          {ticketNo}
        </Link>
      ),
    },
    ...(staff
      ? [
          {
            title: t('workOrder.merchant'),
            key: 'merchant',
            width: 150,
            render: (_value: unknown, row: WorkOrder) => (
              <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }} data-testid="work-order-merchant">
                <Typography.Text ellipsis={{ tooltip: row.user.username }} style={{ maxWidth: 134 }}>
                  {row.user.username}
                </Typography.Text>
                {row.user.name && <Typography.Text type="secondary">{row.user.name}</Typography.Text>}
              </Space>
            ),
          },
        ]
      : []),
    {
      title: t('workOrder.typeLabel'),
      dataIndex: 'type',
      width: 100,
      hidden: staff,
      render: (type: string) => t(`workOrder.type.${type}`, { defaultValue: type }),
    },
    {
      title: t('workOrder.subject'),
      dataIndex: 'subject',
      width: staff ? 170 : 180,
      ellipsis: true,
      render: (subject: string) => <span data-testid="work-order-subject">{subject}</span>,
    },
    {
      title: t('workOrder.statusLabel'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => <WorkOrderStatusTag status={status} />,
    },
    {
      title: t('workOrder.lastReply'),
      key: 'lastReply',
      width: lastReplyWidth,
      render: (_value, row) =>
        row.lastReplySide ? (
          <Typography.Text
            ellipsis={{ tooltip: row.lastReply }}
            style={{ maxWidth: lastReplyWidth - 16 }}
            data-testid="work-order-last"
          >
            <Typography.Text type={row.lastReplySide === 'service' ? undefined : 'secondary'} strong>
              {whoReplied(row)}:
            </Typography.Text>{' '}
            {row.lastReply}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary" data-testid="work-order-last">
            {t('workOrder.noReplyYet')}
          </Typography.Text>
        ),
    },
    {
      title: t('workOrder.waybill'),
      dataIndex: 'waybill',
      width: staff ? 160 : 170,
      render: (waybill: WorkOrder['waybill']) => <WaybillCell waybill={waybill} link={!staff} />,
    },
    { title: t('workOrder.updatedAt'), dataIndex: 'updatedAt', width: staff ? 140 : 150, render: shownMinute },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_value, row) => (
        <Link to={workOrderPath(desk, row.id)}>
          <Button type="link" size="small" style={{ paddingInline: 0 }}>
            {staff && row.status === WORK_ORDER_STATUS.processing ? t('workOrder.handle') : t('workOrder.view')}
          </Button>
        </Link>
      ),
    },
  ];

  const apply = (values: FilterValues) => {
    setPage(1);
    setFilter({ status: values.status, type: values.type, keyword: values.keyword?.trim() || undefined });
  };

  return (
    <div data-testid={`work-order-table-${desk}`}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={defaultFilter(desk)}
        onFinish={apply}
      >
        <SelectFilterItem
          name="status"
          label={t('workOrder.statusLabel')}
          placeholder={t('workOrder.all')}
          options={workOrderStatusOptions(t)}
          width={170}
          testId="filter-status"
        />
        <SelectFilterItem
          name="type"
          label={t('workOrder.typeLabel')}
          placeholder={t('workOrder.all')}
          options={workOrderTypeOptions(t)}
          width={190}
          testId="filter-type"
        />
        <Form.Item name="keyword" label={t('workOrder.keyword')}>
          <Input
            allowClear
            style={{ width: 260 }}
            placeholder={staff ? t('workOrder.keywordStaffPlaceholder') : t('workOrder.keywordPlaceholder')}
            data-testid="filter-keyword"
          />
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            apply(defaultFilter(desk));
          }}
        />
      </Form>
      <ArrangedTable<WorkOrder>
        list="workOrders"
        rowKey="id"
        columns={columns}
        dataSource={orders.data?.list ?? []}
        loading={orders.isFetching}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={staff ? t('workOrder.emptyQueue') : t('workOrder.empty')}
            />
          ),
        }}
        onRow={(row) =>
          ({ 'data-testid': `work-order-row-${row.id}`, 'data-id': row.id }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(orders.data?.total ?? 0)}
      />
    </div>
  );
}
