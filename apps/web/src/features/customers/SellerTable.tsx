import { SearchOutlined } from '@ant-design/icons';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { SellerRow } from '../../api/customers';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE } from '../../utils/shown';
import { accountStateColumns } from './accountColumns';

/**
 * The sellers (GET /admin/list/seller): each with its invitation code and how many customers registered
 * under it; the count opens the customers' tab filtered to that seller's. A seller sees only itself.
 */
export function SellerTable({ onShowCustomers }: { onShowCustomers: (seller: SellerRow) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const { page, pageSize, setPage, pagination } = usePaging();
  const sellers = useQuery({
    queryKey: ['sellers', keyword, page, pageSize],
    queryFn: () => call(customersContracts.listSellers, { query: { page, pageSize, keyword } }),
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<SellerRow> = [
    { title: t('field.username'), dataIndex: 'username', width: 240, ellipsis: true },
    { title: t('field.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('field.invitationCode'),
      dataIndex: 'invitationCode',
      width: 150,
      render: (code: string | null) => code ?? NO_VALUE,
    },
    {
      title: t('sellers.customers'),
      dataIndex: 'customers',
      width: 120,
      align: 'right',
      render: (count: number, seller) => (
        <Button type="link" size="small" onClick={() => onShowCustomers(seller)} data-testid="seller-customers">
          {count}
        </Button>
      ),
    },
    ...accountStateColumns<SellerRow>(t),
  ];
  return (
    <div data-testid="users-sellers">
      <Form<{ keyword?: string }>
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(values) => {
          setPage(1);
          setKeyword(values.keyword?.trim() || undefined);
        }}
      >
        <Form.Item name="keyword" label={t('users.keyword')}>
          <Input allowClear placeholder={t('sellers.keywordPlaceholder')} data-testid="seller-search-keyword" />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="seller-search-submit">
              {t('common.search')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<SellerRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={sellers.data?.list ?? []}
        loading={sellers.isFetching}
        scroll={{ x: 1000 }}
        onRow={(seller) => ({ 'data-testid': `seller-row-${seller.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(sellers.data?.total ?? 0)}
      />
    </div>
  );
}
