import { RECHARGE_STATUS } from '@parcelport/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Space, type TableColumnsType, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  listAllRecharges,
  listMyRecharges,
  RECHARGE_EXPORTS,
  type RechargeFilter,
  type RechargeRecord,
  rechargeParams,
} from '../../api/funds';
import { VoucherLink } from '../../components/AttachmentLink';
import { ExportButton } from '../../components/ExportButton';
import {
  FilterActions,
  PeriodItem,
  SelectFilterItem,
  UserKeywordItem,
  WalletItem,
} from '../../components/FundsFilterItems';
import { periodOf, RechargeStatusTag, rechargeStatusOptions } from '../../components/funds';
import { Money } from '../../components/Money';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownSecond } from '../../utils/shown';
import { ApproveModal, RejectModal } from './ReviewModals';

interface FilterValues {
  keyword?: string;
  status?: number;
  currency?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * Recharge records with status, wallet and date filters, docs/spec.md §9 page sizes and an xlsx export with the
 * same filters. `all` is the staff view: every user's records, a user keyword, approve and reject.
 */
export function RechargeTable({ scope }: { scope: 'mine' | 'all' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<RechargeFilter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [approving, setApproving] = useState<RechargeRecord | null>(null);
  const [rejecting, setRejecting] = useState<RechargeRecord | null>(null);
  const staff = scope === 'all';

  const records = useQuery({
    queryKey: ['recharges', scope, filter, page, pageSize],
    queryFn: () => (staff ? listAllRecharges : listMyRecharges)(filter, { page, pageSize }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['recharges'] });

  const amountCell = (value: string | null, record: RechargeRecord) =>
    value === null ? NO_VALUE : <Money amount={value} currency={record.currency} />;

  // Issue 14: the list's own columns fit a 1440 px screen with the menu open (FITS_1440); when the money
  // arrived and when it was reviewed (and, for staff, the wallet and the review remark) wait in the table
  // settings.
  const columns: TableColumnsType<RechargeRecord> = [
    { title: t('recharge.id'), dataIndex: 'id', width: 70, fixed: 'left' },
    ...(staff ? [{ title: t('field.username'), dataIndex: 'username', width: 150, ellipsis: true } as const] : []),
    { title: t('recharge.wallet'), dataIndex: 'currency', width: 70, hidden: staff },
    {
      title: t('recharge.paymentMethod'),
      dataIndex: 'paymentMethod',
      width: staff ? 130 : 140,
      ellipsis: true,
      render: (method: string) => t(`recharge.payment.${method}`, { defaultValue: method }),
    },
    {
      title: t('recharge.forecastAmount'),
      dataIndex: 'forecastAmount',
      width: staff ? 100 : 110,
      align: 'right',
      render: amountCell,
    },
    {
      title: t('recharge.actualAmount'),
      dataIndex: 'actualAmount',
      width: staff ? 100 : 110,
      align: 'right',
      render: (value: string | null, record) => <span data-testid="recharge-actual">{amountCell(value, record)}</span>,
    },
    {
      title: t('recharge.statusLabel'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => <RechargeStatusTag status={status} />,
    },
    {
      title: t('recharge.voucher'),
      dataIndex: 'voucherUrl',
      width: staff ? 80 : 90,
      render: (url: string | null) => <VoucherLink url={url} />,
    },
    {
      title: t('recharge.remark'),
      dataIndex: 'remark',
      width: staff ? 120 : 130,
      ellipsis: true,
      render: (v: string) => v || NO_VALUE,
    },
    {
      title: t('recharge.auditRemark'),
      dataIndex: 'auditRemark',
      width: 130,
      hidden: staff,
      ellipsis: true,
      render: (v: string) => v || NO_VALUE,
    },
    { title: t('recharge.submittedAt'), dataIndex: 'submittedAt', width: 160, render: shownSecond },
    { title: t('recharge.arrivedAt'), dataIndex: 'arrivedAt', width: 150, hidden: true, render: shownSecond },
    { title: t('recharge.auditedAt'), dataIndex: 'auditedAt', width: 150, hidden: true, render: shownSecond },
    ...(staff
      ? [
          {
            title: t('common.actions'),
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_value: unknown, record: RechargeRecord) =>
              record.status === RECHARGE_STATUS.pending ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setApproving(record)} data-testid="recharge-approve">
                    {t('review.approve')}
                  </Button>
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => setRejecting(record)}
                    data-testid="recharge-reject"
                  >
                    {t('review.reject')}
                  </Button>
                </Space>
              ) : (
                <Typography.Text type="secondary">{t('review.done')}</Typography.Text>
              ),
          } as const,
        ]
      : []),
  ];

  const apply = (values: FilterValues) => {
    setPage(1);
    setFilter({
      keyword: values.keyword?.trim() || undefined,
      status: values.status,
      currency: values.currency,
      ...periodOf(values.period),
    });
  };

  return (
    <div data-testid={`recharge-table-${scope}`}>
      <Form<FilterValues> form={form} layout="inline" style={{ marginBottom: 16, rowGap: 8 }} onFinish={apply}>
        {staff && <UserKeywordItem />}
        <SelectFilterItem
          name="status"
          label={t('recharge.statusLabel')}
          placeholder={t('funds.all')}
          options={rechargeStatusOptions(t)}
          testId="filter-status"
        />
        <WalletItem placeholder={t('funds.all')} />
        <PeriodItem />
        <FilterActions
          onReset={() => {
            form.resetFields();
            apply({});
          }}
        >
          <ExportButton
            url={staff ? RECHARGE_EXPORTS.all : RECHARGE_EXPORTS.mine}
            params={rechargeParams(filter)}
            filename="recharge-records.xlsx"
            testId="recharge-export"
          />
        </FilterActions>
      </Form>
      <ArrangedTable<RechargeRecord>
        list="recharges"
        rowKey="id"
        columns={columns}
        dataSource={records.data?.list ?? []}
        loading={records.isFetching}
        onRow={(record) =>
          ({ 'data-testid': `recharge-row-${record.id}`, 'data-id': record.id }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(records.data?.total ?? 0)}
      />
      {staff && (
        <>
          <ApproveModal record={approving} onClose={() => setApproving(null)} onDone={() => void refresh()} />
          <RejectModal record={rejecting} onClose={() => setRejecting(null)} onDone={() => void refresh()} />
        </>
      )}
    </div>
  );
}
