import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { Period, ProxyRow } from '../../api/customers';
import { Money } from '../../components/Money';
import { AccountStatusTag } from '../../components/StatusTag';
import { usePaging } from '../../components/usePaging';
import { shownDay } from '../../utils/shown';

type CustomerRow = AnswerOf<typeof customersContracts.listProxyCustomers>['list'][number];

/** A proxy's customers with their labels, spend and the commission kept on them in the period. */
export function ProxyCustomersDrawer({
  proxy,
  period,
  onClose,
}: {
  proxy: ProxyRow | null;
  period: Period;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { page, pageSize, pagination } = usePaging();
  const customers = useQuery({
    queryKey: ['proxies', 'customers', proxy?.id, period, page, pageSize],
    queryFn: () =>
      call(customersContracts.listProxyCustomers, { query: { proxyId: proxy?.id, page, pageSize, ...period } }),
    enabled: proxy !== null,
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<CustomerRow> = [
    { title: t('field.username'), dataIndex: 'username', ellipsis: true },
    { title: t('field.company'), dataIndex: 'company', ellipsis: true },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <AccountStatusTag status={s} />,
    },
    {
      title: t('field.registrationDate'),
      dataIndex: 'registrationDate',
      width: 120,
      render: shownDay,
    },
    { title: t('proxies.labels'), dataIndex: 'labels', width: 80, align: 'right' },
    {
      title: t('proxies.spend'),
      dataIndex: 'spend',
      width: 110,
      align: 'right',
      render: (v: string) => <Money amount={v} />,
    },
    {
      title: t('proxies.commission'),
      dataIndex: 'commission',
      width: 110,
      align: 'right',
      render: (v: string) => <Money amount={v} />,
    },
  ];
  return (
    <Drawer
      open={proxy !== null}
      onClose={onClose}
      size={860}
      title={t('proxies.customersOf', { user: proxy?.username ?? '' })}
      destroyOnHidden
    >
      <Table<CustomerRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={customers.data?.list ?? []}
        loading={customers.isFetching}
        onRow={(row) => ({ 'data-testid': `proxy-customer-${row.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(customers.data?.total ?? 0)}
      />
    </Drawer>
  );
}
