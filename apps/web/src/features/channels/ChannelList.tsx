import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { shownName } from '../../i18n';
import { NO_VALUE } from '../../utils/shown';
import { EnabledTag } from './EnabledTag';

interface FlatRow {
  key: string;
  channelId: number;
  channelName: string;
  channelStatus: number;
  platformCode: string;
  isDemo: boolean;
  serviceId: number | null;
  serviceCode: string;
  serviceName: string;
  carrierCode: string;
  serviceStatus: number | null;
}

/** Every channel and service in one flat list: a channel without services still shows as a line. */
export function flattenChannels(channels: AnswerOf<typeof channelsContracts.allChannels>): FlatRow[] {
  return channels.flatMap((channel): FlatRow[] => {
    const base = {
      channelId: channel.id,
      channelName: shownName(channel.name),
      channelStatus: channel.status,
      platformCode: channel.platformCode,
      isDemo: channel.isDemo,
    };
    if (channel.services.length === 0) {
      return [
        {
          ...base,
          key: `c${channel.id}`,
          serviceId: null,
          serviceCode: '',
          serviceName: '',
          carrierCode: channel.carrierCode,
          serviceStatus: null,
        },
      ];
    }
    return channel.services.map((service) => ({
      ...base,
      key: `s${service.id}`,
      serviceId: service.id,
      serviceCode: service.code,
      serviceName: shownName(service.name),
      carrierCode: service.carrierCode,
      serviceStatus: service.status,
    }));
  });
}

/** /maintenance/channelList: all channels and services, flat, with their status. */
export default function ChannelList() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<number | undefined>();
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: () => call(channelsContracts.allChannels, {}) });
  const needle = keyword.trim().toLowerCase();
  // A service ships only when both it and its channel are enabled.
  const effective = (row: FlatRow) => (row.channelStatus === 1 && (row.serviceStatus ?? 1) === 1 ? 1 : 0);
  const rows = flattenChannels(channels.data ?? []).filter(
    (row) =>
      (!needle ||
        [row.channelName, row.serviceCode, row.serviceName].some((text) => text.toLowerCase().includes(needle))) &&
      (status === undefined || effective(row) === status),
  );

  const columns: TableColumnsType<FlatRow> = [
    { title: t('channelList.channelId'), dataIndex: 'channelId', width: 80 },
    {
      title: t('carriers.channelName'),
      dataIndex: 'channelName',
      width: 180,
      render: (name: string, row) => (
        <Space size={4} wrap>
          {name}
          {row.isDemo && <Tag color="purple">{t('carriers.demo')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('channelList.channelStatus'),
      dataIndex: 'channelStatus',
      width: 100,
      render: (value: number) => <EnabledTag status={value} />,
    },
    {
      title: t('carriers.platform'),
      dataIndex: 'platformCode',
      width: 140,
      render: (code: string) => t(`carriers.platform.${code}`, { defaultValue: code }),
    },
    {
      title: t('channelList.serviceId'),
      dataIndex: 'serviceId',
      width: 80,
      render: (id: number | null) => id ?? NO_VALUE,
    },
    {
      title: t('carriers.service.code'),
      dataIndex: 'serviceCode',
      width: 120,
      render: (code: string) => code || NO_VALUE,
    },
    {
      title: t('carriers.service.name'),
      dataIndex: 'serviceName',
      width: 180,
      render: (name: string) => name || t('carriers.noServices'),
    },
    { title: t('carriers.carrier'), dataIndex: 'carrierCode', width: 80 },
    {
      title: t('channelList.serviceStatus'),
      dataIndex: 'serviceStatus',
      width: 100,
      render: (value: number | null) => (value === null ? NO_VALUE : <EnabledTag status={value} />),
    },
  ];

  return (
    <Card
      title={t('menu.maintenance.channelList')}
      data-testid="channel-list-page"
      extra={
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('channelList.keyword')}
            onChange={(event) => setKeyword(event.target.value)}
            onSearch={setKeyword}
            style={{ width: 240 }}
            data-testid="channel-list-keyword"
          />
          <Select
            allowClear
            placeholder={t('channelList.allStatuses')}
            aria-label={t('channelList.allStatuses')}
            style={{ width: 160 }}
            value={status}
            onChange={setStatus}
            options={[
              { value: 1, label: t('carriers.enabled') },
              { value: 0, label: t('carriers.disabled') },
            ]}
            data-testid="channel-list-status"
          />
        </Space>
      }
    >
      <ArrangedTable<FlatRow>
        list="channels"
        rowKey="key"
        loading={channels.isFetching}
        columns={columns}
        dataSource={rows}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        onRow={(row) => ({ 'data-testid': `channel-list-row-${row.key}` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Card>
  );
}
