import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { ProxyRow } from '../../api/customers';
import { Money } from '../../components/Money';
import { AccountStatusTag } from '../../components/StatusTag';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE } from '../../utils/shown';
import { type PeriodFilter, PeriodSearch } from './PeriodSearch';
import { ProxyCustomersDrawer } from './ProxyCustomersDrawer';
import { ProxyMarkupModal } from './ProxyMarkupModal';

/**
 * /adminSettings/proxyUser (proxyUser): proxies with their markup, customers, and in the period the labels
 * their customers bought and the commission credited; a proxy sees and sets only itself.
 */
export default function ProxyUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<PeriodFilter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [editing, setEditing] = useState<ProxyRow | null>(null);
  const [customersOf, setCustomersOf] = useState<ProxyRow | null>(null);
  const proxies = useQuery({
    queryKey: ['proxies', 'list', filter, page, pageSize],
    queryFn: () => call(customersContracts.listProxies, { query: { page, pageSize, ...filter } }),
    placeholderData: keepPreviousData,
  });
  const { keyword: _keyword, ...period } = filter;

  const columns: TableColumnsType<ProxyRow> = [
    { title: t('field.username'), dataIndex: 'username', width: 170, ellipsis: true },
    { title: t('field.name'), dataIndex: 'name', width: 100, ellipsis: true },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <AccountStatusTag status={s} />,
    },
    {
      title: t('field.invitationCode'),
      dataIndex: 'invitationCode',
      width: 100,
      render: (c: string | null) => c ?? NO_VALUE,
    },
    {
      title: t('proxies.markup'),
      key: 'markup',
      width: 130,
      render: (_v, row) => (
        <span data-testid="proxy-markup">
          {row.markupPercent}% + <Money amount={row.markupFixed} />
        </span>
      ),
    },
    { title: t('proxies.customers'), dataIndex: 'customers', width: 80, align: 'right' },
    { title: t('proxies.labels'), dataIndex: 'labels', width: 80, align: 'right' },
    {
      title: t('proxies.commission'),
      dataIndex: 'commission',
      width: 100,
      align: 'right',
      render: (v: string) => (
        <span data-testid="proxy-commission">
          <Money amount={v} />
        </span>
      ),
    },
    {
      title: t('field.balance'),
      dataIndex: 'balance',
      width: 100,
      align: 'right',
      render: (v: string) => <Money amount={v} />,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 170,
      render: (_v, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(row)} data-testid="proxy-action-edit">
            {t('proxies.setMarkup')}
          </Button>
          <Button type="link" size="small" onClick={() => setCustomersOf(row)} data-testid="proxy-action-customers">
            {t('proxies.customers')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card data-testid="proxy-user-page">
      <Typography.Paragraph type="secondary">{t('proxies.intro')}</Typography.Paragraph>
      <PeriodSearch
        testId="proxy-search"
        onSearch={(next) => {
          setPage(1);
          setFilter(next);
          // The same filter again still asks anew (the figures move as labels are bought).
          void queryClient.invalidateQueries({ queryKey: ['proxies'] });
        }}
      />
      <Table<ProxyRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={proxies.data?.list ?? []}
        loading={proxies.isFetching}
        // The columns' widths: within a 1440 px screen with the menu open (issue 14, FITS_1440).
        scroll={{ x: 1120 }}
        onRow={(row) => ({ 'data-testid': `proxy-row-${row.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(proxies.data?.total ?? 0)}
      />
      <ProxyMarkupModal
        proxy={editing}
        onClose={() => setEditing(null)}
        onSaved={() => void queryClient.invalidateQueries({ queryKey: ['proxies'] })}
      />
      <ProxyCustomersDrawer proxy={customersOf} period={period} onClose={() => setCustomersOf(null)} />
    </Card>
  );
}
