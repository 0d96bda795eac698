import { ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import * as billsContracts from '@parcelport/shared/contracts/bills/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Drawer, Select, Space, type TableColumnsType, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillView } from '../../api/bills';
import { call } from '../../api/call';
import { Money } from '../../components/Money';
import { stackedTitle } from '../../components/orderColumns';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { shownName } from '../../i18n';
import { NO_VALUE, shownMinute } from '../../utils/shown';
import { BillDisputes } from './BillDisputes';
import { BillImport } from './BillImport';
import { BillPanel } from './BillPanel';
import { BillReconciliation } from './BillReconciliation';
import { BillReports } from './BillReports';
import { ChannelUnder, idAndChannelColumns } from './billColumns';
import { KindCounts, StatusTag } from './billTags';

const stacked = (first: string, second: string) => (
  <Space orientation="vertical" size={0}>
    <Money amount={first} />
    <Typography.Text type="secondary">
      <Money amount={second} />
    </Typography.Text>
  </Space>
);

/** A column of two figures, one above the other, under its two names. */
function pairColumn(
  key: string,
  [first, second]: [string, string],
  figures: (row: BillView) => [string, string],
): TableColumnsType<BillView>[number] {
  return {
    title: stackedTitle(first, second),
    key,
    width: 120,
    align: 'right',
    render: (_value, row) => stacked(...figures(row)),
  };
}

/**
 * The carriers' bills brought in, newest first, with their counts and figures; a bill is imported
 * (previewed, nothing charged) and then posted to the merchants' wallets from its detail. Under them, the
 * bills asked of the carriers, one read into a bill opening it as the list does.
 */
function BillList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { page, pageSize, setPage, pagination } = usePaging();
  const [channelId, setChannelId] = useState<number | undefined>();
  const [importing, setImporting] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const bills = useQuery({
    queryKey: ['bills', page, pageSize, channelId],
    queryFn: () => call(billsContracts.listBills, { query: { page, pageSize, channelId } }),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: () => call(channelsContracts.allChannels, {}) });

  // Issue 14: the channel under the file's name and who brought the bill in or posted it, and when, under its
  // state, so the list fits a 1440 px screen with the menu open; the id, the channel and the two times keep
  // their own columns in the table settings.
  const columns: TableColumnsType<BillView> = [
    {
      title: stackedTitle(t('bills.file'), t('bills.channel')),
      dataIndex: 'fileName',
      width: 220,
      render: (name: string, row) => (
        <Space orientation="vertical" size={0} style={{ maxWidth: '100%' }}>
          <Typography.Link
            onClick={() => setOpenId(row.id)}
            ellipsis
            style={{ maxWidth: 196 }}
            title={name}
            data-testid="bill-open"
          >
            {name}
          </Typography.Link>
          <ChannelUnder name={row.channelName} />
        </Space>
      ),
    },
    ...idAndChannelColumns<BillView>(t),
    {
      title: t('bills.statusLabel'),
      dataIndex: 'status',
      width: 160,
      render: (status: BillView['status'], row) => (
        <Space orientation="vertical" size={0}>
          <StatusTag status={status} />
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
            {row.postedAt ? shownMinute(row.postedAt) : shownMinute(row.createdAt)}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 136 }}>
            {row.postedAt ? row.postedBy : row.createdBy}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('bills.lines'), dataIndex: 'lines', width: 80, align: 'right' },
    {
      title: t('bills.counts'),
      key: 'counts',
      width: 280,
      render: (_value, row) => <KindCounts bill={row} compact />,
    },
    pairColumn('carrier', [t('bills.adjustments'), t('bills.credits')], (row) => [row.adjustments, row.credits]),
    pairColumn('merchants', [t('bills.charged'), t('bills.refunded')], (row) => [row.charged, row.refunded]),
    {
      title: t('bills.owed'),
      dataIndex: 'owed',
      width: 100,
      align: 'right',
      render: (value: string) =>
        value === '0.00' ? (
          <Money amount={value} />
        ) : (
          <Typography.Text type="danger">
            <Money amount={value} />
          </Typography.Text>
        ),
    },
    {
      title: t('bills.created'),
      key: 'created',
      width: 170,
      hidden: true,
      render: (_value, row) => (
        <Space orientation="vertical" size={0}>
          {shownMinute(row.createdAt)}
          <Typography.Text type="secondary">{row.createdBy}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('bills.posted'),
      key: 'posted',
      width: 170,
      hidden: true,
      render: (_value, row) =>
        row.postedAt ? (
          <Space orientation="vertical" size={0}>
            {shownMinute(row.postedAt)}
            <Typography.Text type="secondary">{row.postedBy}</Typography.Text>
          </Space>
        ) : (
          NO_VALUE
        ),
    },
  ];

  return (
    <div data-testid="bills-list">
      <Space wrap style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="bill-import">
          {t('bills.import')}
        </Button>
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('bills.anyChannel')}
          aria-label={t('bills.anyChannel')}
          style={{ width: 200 }}
          value={channelId}
          onChange={(value) => {
            setChannelId(value);
            setPage(1);
          }}
          options={(channels.data ?? []).map((channel) => ({ value: channel.id, label: shownName(channel.name) }))}
          data-testid="bills-channel-filter"
        />
        <Button icon={<ReloadOutlined />} onClick={() => void queryClient.invalidateQueries({ queryKey: ['bills'] })}>
          {t('bills.reload')}
        </Button>
      </Space>
      <Typography.Paragraph type="secondary">{t('bills.hint')}</Typography.Paragraph>
      <ArrangedTable<BillView>
        list="bills"
        rowKey="id"
        columns={columns}
        dataSource={bills.data?.list ?? []}
        loading={bills.isFetching}
        data-testid="bills-table"
        onRow={(row) =>
          ({
            'data-testid': `bill-row-${row.id}`,
            onClick: () => setOpenId(row.id),
            style: { cursor: 'pointer' },
          }) as React.HTMLAttributes<HTMLElement>
        }
        pagination={pagination(bills.data?.total ?? 0)}
      />
      {/* A channel chosen starts its reports from their first page, as it does the bills. */}
      <BillReports key={channelId ?? 'all'} channelId={channelId} onOpenBill={setOpenId} />
      <BillImport
        open={importing}
        onClose={() => {
          setImporting(false);
          void queryClient.invalidateQueries({ queryKey: ['bills'] });
        }}
      />
      <Drawer
        open={openId !== null}
        onClose={() => setOpenId(null)}
        size={1240}
        title={t('bills.detailTitle', { id: openId ?? '' })}
        destroyOnHidden
      >
        {openId !== null && <BillPanel billId={openId} />}
      </Drawer>
    </div>
  );
}

/**
 * /maintenance/supplementaryAmount (docs/spec.md §2, docs/bills.md): the carriers' bills, the merchants'
 * disputes of what they charged, and each channel's daily reconciliation.
 */
export default function SupplementaryAmount() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.maintenance.supplementaryAmount')} data-testid="bills-page">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'bills', label: t('bills.tabs.bills'), children: <BillList /> },
          { key: 'disputes', label: t('bills.tabs.disputes'), children: <BillDisputes /> },
          { key: 'reconciliation', label: t('bills.tabs.reconciliation'), children: <BillReconciliation /> },
        ]}
        data-testid="bills-tabs"
      />
    </Card>
  );
}
