import type { ClaimStatus, ClaimType } from '@parcelport/shared';
import * as claimsContracts from '@parcelport/shared/contracts/claims/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api/call';
import { CLAIMS_KEY, type Claim, type ClaimFilter } from '../../api/claims';
import { FilterActions, SelectFilterItem } from '../../components/FundsFilterItems';
import { Money } from '../../components/Money';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownDay } from '../../utils/shown';
import { ageInDays, ClaimStatusTag, claimStatusOptions, claimTypeOptions } from './options';

interface FilterValues {
  status?: ClaimStatus;
  type?: ClaimType;
  keyword?: string;
}

export const claimPath = (id: number) => `/adminSettings/claims/${id}`;

/**
 * Claims in a table with status, type and keyword filters, paged by the server. `staff` is the back-office
 * queue (adminClaimList): the oldest waiting first, with the merchant, its age in days and a link to decide;
 * otherwise the merchant's own claims, newest first, with their orders.
 */
export function ClaimTable({ side }: { side: 'merchant' | 'staff' }) {
  const { t } = useTranslation();
  const staff = side === 'staff';
  const initial: FilterValues = staff ? { status: 'submitted' } : {};
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<ClaimFilter>(initial);
  const { page, pageSize, setPage, pagination } = usePaging();
  const claims = useQuery({
    queryKey: [CLAIMS_KEY, side, filter, page, pageSize],
    queryFn: () =>
      staff
        ? call(claimsContracts.listClaims, { query: { ...filter, page, pageSize } })
        : call(claimsContracts.listMyClaims, { query: { ...filter, page, pageSize } }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<Claim> = [
    {
      title: t('claims.order'),
      key: 'order',
      render: (_v, row) => (
        <Link to={staff ? claimPath(row.id) : `/shipments/detail/${row.orderId}`} data-testid="claim-open">
          {row.orderNo}
        </Link>
      ),
    },
    ...(staff
      ? [{ title: t('claims.merchant'), key: 'merchant', render: (_v: unknown, row: Claim) => row.user.username }]
      : []),
    { title: t('claims.typeLabel'), dataIndex: 'type', render: (type: ClaimType) => t(`claims.type.${type}`) },
    {
      title: t('claims.statusLabel'),
      dataIndex: 'status',
      render: (status: ClaimStatus) => <ClaimStatusTag status={status} />,
    },
    {
      title: t('claims.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (amount: string) => <Money amount={amount} />,
    },
    {
      title: t('claims.payout'),
      key: 'payout',
      align: 'right',
      render: (_v, row) => (row.payout ? <Money amount={row.payout} /> : NO_VALUE),
    },
    { title: t('claims.filedAt'), dataIndex: 'createdAt', render: shownDay },
    ...(staff
      ? [
          {
            title: t('claims.age'),
            key: 'age',
            render: (_v: unknown, row: Claim) => (
              <span data-testid="claim-age">{t('claims.ageDays', { count: ageInDays(row.createdAt) })}</span>
            ),
          },
          {
            title: t('common.actions'),
            key: 'actions',
            render: (_v: unknown, row: Claim) => (
              <Link to={claimPath(row.id)}>
                <Button type="link" size="small" style={{ paddingInline: 0 }} data-testid="claim-decide-link">
                  {row.status === 'paid' || row.status === 'rejected' ? t('claims.view') : t('claims.handle')}
                </Button>
              </Link>
            ),
          },
        ]
      : [
          {
            title: t('claims.reason'),
            dataIndex: 'reason',
            render: (reason: string) => <Typography.Text type="secondary">{reason || NO_VALUE}</Typography.Text>,
          },
        ]),
  ];

  const apply = (values: FilterValues) => {
    setPage(1);
    setFilter({ status: values.status, type: values.type, keyword: values.keyword?.trim() || undefined });
  };

  return (
    <div data-testid={`claim-table-${side}`}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        initialValues={initial}
        onFinish={apply}
      >
        <SelectFilterItem
          name="status"
          label={t('claims.statusLabel')}
          placeholder={t('claims.all')}
          options={claimStatusOptions(t)}
          width={160}
          testId="claim-filter-status"
        />
        <SelectFilterItem
          name="type"
          label={t('claims.typeLabel')}
          placeholder={t('claims.all')}
          options={claimTypeOptions(t)}
          width={190}
          testId="claim-filter-type"
        />
        <Form.Item name="keyword" label={t('claims.keyword')}>
          <Input allowClear style={{ width: 240 }} placeholder={t('claims.keywordPlaceholder')} />
        </Form.Item>
        <FilterActions
          onReset={() => {
            form.resetFields();
            apply(initial);
          }}
        />
      </Form>
      <Table<Claim>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={claims.data?.list ?? []}
        loading={claims.isFetching}
        pagination={pagination(claims.data?.total ?? 0)}
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
