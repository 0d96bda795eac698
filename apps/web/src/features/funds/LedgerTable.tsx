import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Form, Row, Select, Statistic, type TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type BalanceLog,
  LEDGER_EXPORTS,
  type LedgerFilter,
  type LedgerPage,
  ledgerParams,
  listAllLedger,
  listMyLedger,
  listPostage,
  type Paging,
  type Totals,
} from '../../api/funds';
import { ExportButton } from '../../components/ExportButton';
import { FilterActions, PeriodItem, UserKeywordItem, WalletItem } from '../../components/FundsFilterItems';
import { FundTypeLabel, fundTypeOptions, periodOf, SignedMoney } from '../../components/funds';
import { Money } from '../../components/Money';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { NO_VALUE, shownSecond } from '../../utils/shown';

/** Where the rows come from: my ledger, my postage details, or every user's ledger (staff). */
export type LedgerSource = 'mine' | 'postage' | 'all';

const SOURCES: Record<
  LedgerSource,
  { list: (filter: LedgerFilter, paging: Paging) => Promise<LedgerPage>; down?: string }
> = {
  mine: { list: listMyLedger, down: LEDGER_EXPORTS.mine },
  postage: { list: listPostage, down: LEDGER_EXPORTS.postage },
  all: { list: listAllLedger, down: LEDGER_EXPORTS.all },
};

interface FilterValues {
  keyword?: string;
  types?: number[];
  currency?: string;
  period?: [Dayjs | null, Dayjs | null] | null;
}

function TotalsRow({ totals, currency }: { totals: Totals | undefined; currency: string | undefined }) {
  const { t } = useTranslation();
  const show = (amount: string | undefined, key: string) => (
    <span data-testid={`totals-${key}`} data-amount={amount}>
      {amount === undefined ? NO_VALUE : currency ? <Money amount={amount} currency={currency} /> : amount}
    </span>
  );
  return (
    <Row gutter={16} style={{ marginBottom: 16 }} data-testid="ledger-totals">
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic title={t('funds.totals.income')} valueRender={() => show(totals?.income, 'income')} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic title={t('funds.totals.expense')} valueRender={() => show(totals?.expense, 'expense')} />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card size="small">
          <Statistic
            title={currency ? t('funds.totals.net') : t('funds.totals.netAllWallets')}
            valueRender={() => show(totals?.net, 'net')}
          />
        </Card>
      </Col>
    </Row>
  );
}

/**
 * A ledger list: change type, signed amount, balance after, wallet, time; type (when `typeChoices` is
 * given), wallet and date filters; totals of the whole filtered set; xlsx export with the same filters.
 * `fixedTypes` pins the type filter (the typed fund-detail routes of docs/spec.md §2).
 */
export function LedgerTable({
  source,
  fixedTypes,
  typeChoices,
  showUser = source === 'all',
  userId,
  testId = 'ledger-table',
}: {
  source: LedgerSource;
  /** Staff: only this user's rows. */
  userId?: number;
  fixedTypes?: readonly number[];
  typeChoices?: readonly number[];
  showUser?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filter, setFilter] = useState<LedgerFilter>({ currency: 'USD', types: fixedTypes });
  const { page, pageSize, setPage, pagination } = usePaging();
  const { list, down } = SOURCES[source];

  const scoped: LedgerFilter = userId === undefined ? filter : { ...filter, userId };
  const rows = useQuery({
    queryKey: ['ledger', source, scoped, page, pageSize],
    queryFn: () => list(scoped, { page, pageSize }),
    placeholderData: keepPreviousData,
  });

  // Issue 14: the list's own columns fit a 1440 px screen with the menu open (FITS_1440); staff's view, with
  // the user's email, offers the user id and the wallet (its amounts carry the currency) in the table settings.
  const columns: TableColumnsType<BalanceLog> = [
    { title: t('funds.id'), dataIndex: 'id', width: 80 },
    ...(showUser
      ? [
          { title: t('funds.userId'), dataIndex: 'userId', width: 90, hidden: true } as const,
          { title: t('field.email'), dataIndex: 'email', width: 190, ellipsis: true } as const,
        ]
      : []),
    { title: t('recharge.wallet'), dataIndex: 'currency', width: 70, hidden: showUser },
    {
      title: t('funds.changeType'),
      dataIndex: 'type',
      width: 140,
      render: (type: number) => <FundTypeLabel type={type} />,
    },
    {
      title: source === 'postage' ? t('funds.availableChange') : t('funds.changeAmount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (amount: string, row) => <SignedMoney amount={amount} currency={row.currency} />,
    },
    {
      title: t('funds.balanceAfter'),
      dataIndex: 'balanceAfter',
      width: 130,
      align: 'right',
      render: (amount: string, row) => (
        <span data-testid="balance-after">
          <Money amount={amount} currency={row.currency} />
        </span>
      ),
    },
    {
      title: t('funds.reference'),
      dataIndex: 'referenceNo',
      width: 130,
      ellipsis: true,
      render: (value: string | null) => value || NO_VALUE,
    },
    {
      title: t('recharge.remark'),
      dataIndex: 'remark',
      width: 160,
      ellipsis: true,
      render: (v: string) => v || NO_VALUE,
    },
    {
      title: t('funds.time'),
      dataIndex: 'time',
      width: 160,
      render: shownSecond,
    },
  ];

  const apply = (values: FilterValues) => {
    setPage(1);
    setFilter({
      keyword: values.keyword?.trim() || undefined,
      types: fixedTypes ?? (values.types?.length ? values.types : undefined),
      currency: values.currency,
      ...periodOf(values.period),
    });
  };

  return (
    <div data-testid={testId}>
      <Form<FilterValues>
        form={form}
        layout="inline"
        initialValues={{ currency: 'USD' }}
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={apply}
      >
        {source === 'all' && userId === undefined && <UserKeywordItem />}
        {typeChoices && (
          <Form.Item name="types" label={t('funds.changeType')}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              style={{ minWidth: 200 }}
              placeholder={t('funds.all')}
              options={fundTypeOptions(t, typeChoices)}
              data-testid="filter-types"
            />
          </Form.Item>
        )}
        <WalletItem placeholder={t('funds.allWallets')} />
        <PeriodItem />
        <FilterActions
          onReset={() => {
            form.resetFields();
            apply({ currency: 'USD' });
          }}
        >
          {down && (
            <ExportButton
              url={down}
              params={ledgerParams(scoped)}
              filename="fund-details.xlsx"
              testId="ledger-export"
            />
          )}
        </FilterActions>
      </Form>
      <TotalsRow totals={rows.data?.totals} currency={filter.currency} />
      <ArrangedTable<BalanceLog>
        list="funds"
        rowKey="id"
        columns={columns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        onRow={(row) =>
          ({ 'data-testid': `ledger-row-${row.id}`, 'data-type': row.type }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(rows.data?.total ?? 0)}
      />
    </div>
  );
}
