import { SearchOutlined } from '@ant-design/icons';
import * as storesContracts from '@parcelport/shared/contracts/stores/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, Select, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import {
  STORE_PLATFORMS,
  STORE_STATUSES,
  STORES_KEY,
  type StaffStoresQuery,
  type StaffStoreView,
  type StorePlatform,
  type StoreStatus,
} from '../../api/stores';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownMinute } from '../../utils/shown';
import { storeColumns } from './storeColumns';

type Filter = Pick<StaffStoresQuery, 'keyword' | 'platform' | 'status'>;

/**
 * /adminSettings/stores (adminList; a seller sees its own customers'): every merchant's online stores with
 * their owner, state, last sync, orders brought in and failing, filtered by keyword, platform and state.
 */
export default function StaffStores() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const stores = useQuery({
    queryKey: [STORES_KEY, 'staff', filter, page, pageSize],
    queryFn: () => call(storesContracts.listAllStores, { query: { page, pageSize, ...filter } }),
    placeholderData: keepPreviousData,
  });
  const apply = (values: Filter) => {
    setPage(1);
    setFilter({
      ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
      ...(values.platform ? { platform: values.platform } : {}),
      ...(values.status ? { status: values.status } : {}),
    });
  };

  const columns: TableColumnsType<StaffStoreView> = [
    {
      title: t('stores.staff.owner'),
      key: 'owner',
      width: 200,
      fixed: 'left',
      render: (_value, store) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="staff-store-owner">{store.userEmail}</span>
          <Typography.Text type="secondary">{store.userName}</Typography.Text>
        </Space>
      ),
    },
    // Issue 14: the store's account under its name (storeColumns); the creation time is offered in the table
    // settings.
    ...storeColumns<StaffStoreView>(t),
    // Three counts of 80 px each, so that the list still fits 1440 px with the menu open (issue 14).
    { title: t('stores.staff.imported'), dataIndex: 'ordersImported', width: 80, align: 'right' },
    { title: t('stores.incomplete'), dataIndex: 'ordersIncomplete', width: 80, align: 'right' },
    {
      title: t('stores.failing'),
      dataIndex: 'ordersFailing',
      width: 80,
      align: 'right',
      render: (count: number) => <Typography.Text type={count > 0 ? 'danger' : 'secondary'}>{count}</Typography.Text>,
    },
    { title: t('stores.staff.created'), dataIndex: 'createdAt', width: 150, render: shownMinute, hidden: true },
  ];

  return (
    <Card title={t('menu.adminSettings.stores')} data-testid="staff-stores-page">
      <Form<Filter>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={apply}
        // A platform or state chosen applies at once; the keyword when it is searched.
        onValuesChange={(changed: Filter) => {
          if (!('keyword' in changed)) form.submit();
        }}
      >
        <Form.Item name="keyword">
          <Input
            allowClear
            placeholder={t('stores.staff.keyword')}
            style={{ width: 320 }}
            data-testid="staff-stores-keyword"
          />
        </Form.Item>
        <Form.Item name="platform">
          <Select<StorePlatform>
            allowClear
            placeholder={t('stores.staff.allPlatforms')}
            aria-label={t('stores.staff.allPlatforms')}
            style={{ width: 160 }}
            options={STORE_PLATFORMS.map((value) => ({ value, label: t(`stores.platforms.${value}`) }))}
            data-testid="staff-stores-platform"
          />
        </Form.Item>
        <Form.Item name="status">
          <Select<StoreStatus>
            allowClear
            placeholder={t('stores.staff.allStatuses')}
            aria-label={t('stores.staff.allStatuses')}
            style={{ width: 160 }}
            options={STORE_STATUSES.map((value) => ({ value, label: t(`stores.statuses.${value}`) }))}
            data-testid="staff-stores-status"
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="staff-stores-search">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
              data-testid="staff-stores-reset"
            >
              {t('common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <ArrangedTable<StaffStoreView>
        list="stores"
        rowKey="id"
        columns={columns}
        dataSource={stores.data?.list ?? []}
        loading={stores.isFetching}
        onRow={(store) => ({ 'data-testid': `staff-store-row-${store.id}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(stores.data?.total ?? 0)}
      />
    </Card>
  );
}
