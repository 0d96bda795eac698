import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { WAREHOUSE_EXPORT, type WarehouseRow } from '../../api/customers';
import { ExportButton } from '../../components/ExportButton';
import { Money } from '../../components/Money';
import { AccountStatusTag } from '../../components/StatusTag';
import { usePaging } from '../../components/usePaging';
import { shownMinute } from '../../utils/shown';
import { type PeriodFilter, PeriodSearch } from './PeriodSearch';

type MerchantRow = AnswerOf<typeof customersContracts.listWarehouseMerchants>[number];

/** The merchants (senders on its labels) a warehouse shipped for in the period. */
function MerchantsDrawer({
  warehouse,
  period,
  onClose,
}: {
  warehouse: WarehouseRow | null;
  period: Omit<PeriodFilter, 'keyword'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const merchants = useQuery({
    queryKey: ['warehouses', 'merchants', warehouse?.id, period],
    queryFn: () =>
      call(customersContracts.listWarehouseMerchants, {
        params: { id: warehouse?.id as number },
        query: { ...period },
      }),
    enabled: warehouse !== null,
  });
  const columns: TableColumnsType<MerchantRow> = [
    { title: t('warehouses.sender'), dataIndex: 'sender', ellipsis: true },
    { title: t('proxies.labels'), dataIndex: 'labels', width: 90, align: 'right' },
    {
      title: t('proxies.spend'),
      dataIndex: 'spend',
      width: 120,
      align: 'right',
      render: (v: string) => <Money amount={v} />,
    },
    {
      title: t('warehouses.lastLabel'),
      dataIndex: 'lastLabelAt',
      width: 150,
      render: shownMinute,
    },
  ];
  return (
    <Drawer
      open={warehouse !== null}
      onClose={onClose}
      size={720}
      title={t('warehouses.merchantsOf', { user: warehouse?.username ?? '' })}
      destroyOnHidden
    >
      <Table<MerchantRow>
        rowKey="sender"
        size="small"
        columns={columns}
        dataSource={merchants.data ?? []}
        loading={merchants.isFetching}
        pagination={false}
        onRow={(row) => ({ 'data-testid': `warehouse-merchant-${row.sender}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Drawer>
  );
}

/**
 * /adminSettings/overseasWarehouseUser (adminList): warehouse accounts that ship for many merchants, with
 * their sender addresses and, in the period, labels, spend and the merchants they shipped for.
 */
export default function OverseasWarehouseUser() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<PeriodFilter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [merchantsOf, setMerchantsOf] = useState<WarehouseRow | null>(null);
  const warehouses = useQuery({
    queryKey: ['warehouses', 'list', filter, page, pageSize],
    queryFn: () => call(customersContracts.listWarehouseUsers, { query: { page, pageSize, ...filter } }),
    placeholderData: keepPreviousData,
  });
  const { keyword: _keyword, ...period } = filter;

  const columns: TableColumnsType<WarehouseRow> = [
    { title: t('field.username'), dataIndex: 'username', width: 190, ellipsis: true },
    { title: t('field.company'), dataIndex: 'company', ellipsis: true },
    { title: t('field.phone'), dataIndex: 'phone', width: 130 },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 110,
      render: (s: number) => <AccountStatusTag status={s} />,
    },
    { title: t('warehouses.senderAddresses'), dataIndex: 'senderAddresses', width: 100, align: 'right' },
    { title: t('proxies.labels'), dataIndex: 'labels', width: 80, align: 'right' },
    {
      title: t('proxies.spend'),
      dataIndex: 'spend',
      width: 120,
      align: 'right',
      render: (v: string) => <Money amount={v} />,
    },
    { title: t('warehouses.merchants'), dataIndex: 'merchants', width: 90, align: 'right' },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 120,
      render: (_v, row) => (
        <Button type="link" size="small" onClick={() => setMerchantsOf(row)} data-testid="warehouse-action-merchants">
          {t('warehouses.merchants')}
        </Button>
      ),
    },
  ];

  return (
    <Card data-testid="overseas-warehouse-page">
      <Typography.Paragraph type="secondary">{t('warehouses.intro')}</Typography.Paragraph>
      <PeriodSearch
        testId="warehouse-search"
        onSearch={(next) => {
          setPage(1);
          setFilter(next);
          // The same filter again still asks anew (the figures move as labels are bought).
          void queryClient.invalidateQueries({ queryKey: ['warehouses'] });
        }}
        extra={
          <ExportButton
            url={WAREHOUSE_EXPORT}
            params={{ ...filter }}
            filename="overseas-warehouses.xlsx"
            testId="warehouses-export"
          />
        }
      />
      <Table<WarehouseRow>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={warehouses.data?.list ?? []}
        loading={warehouses.isFetching}
        // Within a 1440 px screen with the menu open (issue 14, FITS_1440): the company takes what is left.
        scroll={{ x: 1100 }}
        onRow={(row) => ({ 'data-testid': `warehouse-row-${row.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(warehouses.data?.total ?? 0)}
      />
      <MerchantsDrawer warehouse={merchantsOf} period={period} onClose={() => setMerchantsOf(null)} />
    </Card>
  );
}
