import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { SectionTitle } from '../../components/SectionTitle';
import { shownName } from '../../i18n';

/**
 * What a customer may ship with, as their quotes show it (GET /admin/user-carrier-sever), beside their
 * allotment in full (GET /admin/user-channel-new): a service missing from the quotes is shown with why (its
 * channel or the service is disabled).
 */
export function UserServices({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const offered = useQuery({
    queryKey: ['userServices', userId],
    queryFn: () => call(channelsContracts.userServices, { query: { userId } }),
  });
  const allotment = useQuery({
    queryKey: ['userChannelsDetail', userId],
    queryFn: () => call(channelsContracts.userChannelsDetail, { query: { userId } }),
  });
  const channels = allotment.data ?? [];
  const offeredIds = new Set((offered.data ?? []).map((service) => service.serviceId));

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="user-services">
      <SectionTitle style={{ margin: 0 }}>{t('userChannel.quotesTitle')}</SectionTitle>
      {offered.data && (
        <Alert
          type={offered.data.length > 0 ? 'info' : 'warning'}
          showIcon
          data-testid="user-services-count"
          message={t('userChannel.quotesCount', { count: offered.data.length })}
        />
      )}
      <Table
        rowKey="channelId"
        size="small"
        pagination={false}
        loading={allotment.isFetching || offered.isFetching}
        dataSource={channels}
        onRow={(channel) =>
          ({ 'data-testid': `user-services-row-${channel.channelName}` }) as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            title: t('carriers.channelName'),
            dataIndex: 'channelName',
            width: 240,
            render: (name: string, channel) => (
              <Space size={4} wrap>
                <Typography.Text strong>{shownName(name)}</Typography.Text>
                {!channel.enabled && <Tag>{t('carriers.disabled')}</Tag>}
              </Space>
            ),
          },
          {
            title: t('userChannel.services'),
            dataIndex: 'services',
            render: (_value, channel) =>
              channel.services.length === 0 ? (
                <Typography.Text type="secondary">{t('carriers.noServices')}</Typography.Text>
              ) : (
                <Space size={[4, 4]} wrap>
                  {channel.services.map((service) => {
                    const inQuotes = offeredIds.has(service.id);
                    const why = !channel.enabled
                      ? t('userChannel.channelOff')
                      : !service.enabled
                        ? t('userChannel.serviceOff')
                        : undefined;
                    return (
                      <Tooltip key={service.id} title={inQuotes ? undefined : why}>
                        <Tag color={inQuotes ? 'green' : 'default'} data-testid={`user-service-${service.code}`}>
                          {shownName(service.name)}
                        </Tag>
                      </Tooltip>
                    );
                  })}
                </Space>
              ),
          },
        ]}
      />
    </Space>
  );
}
