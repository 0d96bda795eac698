import { EditOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { UserAllotment } from '../../api/channels';
import { shownName } from '../../i18n';
import { scrollBehavior } from '../../utils/reducedMotion';
import { AllotChannels } from './AllotChannels';
import { type PickedUser, UserPicker } from './UserPicker';
import { UserServices } from './UserServices';

/**
 * /maintenance/userChannel: pick a user and tick the channels allotted to them, and see which services their
 * quotes then offer; below, every user's allotment at a glance.
 */
export default function UserChannel() {
  const { t } = useTranslation();
  const [user, setUser] = useState<PickedUser | null>(null);
  const [filter, setFilter] = useState('');
  const overview = useQuery({
    queryKey: ['allUserChannels'],
    queryFn: () => call(channelsContracts.allUserChannels, {}),
  });
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: () => call(channelsContracts.allChannels, {}) });
  const nameOf = (id: number) => shownName(channels.data?.find((channel) => channel.id === id)?.name ?? `#${id}`);
  const rows = (overview.data ?? []).filter((row) => row.username.toLowerCase().includes(filter.trim().toLowerCase()));

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="user-channel-page">
      <Card title={t('menu.maintenance.userChannel')}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Space wrap>
            <Typography.Text>{t('userChannel.user')}</Typography.Text>
            <UserPicker value={user} onChange={setUser} />
          </Space>
          {user ? (
            <>
              <AllotChannels key={user.id} userId={user.id} />
              <UserServices key={`services-${user.id}`} userId={user.id} />
            </>
          ) : (
            <Empty description={t('userChannel.pickFirst')} />
          )}
        </Space>
      </Card>
      <Card
        title={t('userChannel.overview')}
        extra={
          <Input.Search
            allowClear
            placeholder={t('userChannel.filterUsers')}
            onSearch={setFilter}
            onChange={(event) => setFilter(event.target.value)}
            style={{ width: 240 }}
            data-testid="user-channel-filter"
          />
        }
      >
        <Table<UserAllotment>
          rowKey="userId"
          size="small"
          loading={overview.isFetching}
          dataSource={rows}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          onRow={(row) => ({ 'data-testid': `allotment-row-${row.username}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('field.username'), dataIndex: 'username', width: 280, ellipsis: true },
            {
              title: t('userChannel.channels'),
              dataIndex: 'channelIds',
              render: (ids: number[]) => (
                <Space size={[4, 4]} wrap>
                  {ids.map((id) => (
                    <Tag key={id}>{nameOf(id)}</Tag>
                  ))}
                </Space>
              ),
            },
            {
              title: t('common.actions'),
              key: 'actions',
              width: 110,
              render: (_value, row) => (
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => {
                    setUser({ id: row.userId, username: row.username });
                    window.scrollTo({ top: 0, behavior: scrollBehavior() });
                  }}
                  data-testid="allotment-edit"
                >
                  {t('carriers.edit')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
