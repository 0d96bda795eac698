import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { allChannels, allotChannels, type Channel, userChannelIds } from '../../api/channels';

/**
 * The channels allotted to one user, as ticks over every channel; saving replaces the user's allotment
 * (POST /api/admin/channel/allot-channel).
 */
export function AllotChannels({ userId, onSaved }: { userId: number; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const channels = useQuery({ queryKey: ['allChannels'], queryFn: allChannels });
  const allotted = useQuery({ queryKey: ['userChannels', userId], queryFn: () => userChannelIds(userId) });
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (allotted.data) setChecked(allotted.data);
  }, [allotted.data]);

  const save = async () => {
    setSaving(true);
    try {
      await allotChannels(userId, checked);
      message.success(<span data-testid="allot-saved">{t('userChannel.saved')}</span>);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['userChannels', userId] }),
        queryClient.invalidateQueries({ queryKey: ['allUserChannels'] }),
        queryClient.invalidateQueries({ queryKey: ['channels'] }),
        queryClient.invalidateQueries({ queryKey: ['userServices', userId] }),
        queryClient.invalidateQueries({ queryKey: ['userChannelsDetail', userId] }),
      ]);
      onSaved?.();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  if (channels.isLoading || allotted.isLoading) return <Spin />;
  const list = channels.data ?? [];
  if (list.length === 0) return <Empty description={t('userChannel.noChannels')} />;
  const dirty =
    allotted.data !== undefined &&
    (checked.length !== allotted.data.length || checked.some((id) => !allotted.data.includes(id)));

  return (
    <div data-testid="allot-channels">
      <Table<Channel>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        dataSource={list}
        rowSelection={{
          selectedRowKeys: checked,
          onChange: (keys) => setChecked(keys as number[]),
        }}
        onRow={(channel) => ({ 'data-testid': `allot-row-${channel.name}` }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            title: t('carriers.channelName'),
            dataIndex: 'name',
            render: (name: string, channel) => (
              <Space orientation="vertical" size={0}>
                <Space size={4} wrap>
                  <Typography.Text strong>{name}</Typography.Text>
                  {channel.isDemo && <Tag color="purple">{t('carriers.demo')}</Tag>}
                  {channel.status !== 1 && <Tag>{t('carriers.disabled')}</Tag>}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {channel.services.map((service) => service.name).join(' · ') || t('carriers.noServices')}
                </Typography.Text>
              </Space>
            ),
          },
          { title: t('carriers.carrier'), dataIndex: 'carrierCode', width: 90 },
        ]}
      />
      <Space style={{ marginTop: 12 }}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={!dirty}
          onClick={() => void save()}
          data-testid="allot-save"
        >
          {t('userChannel.save')}
        </Button>
        <Typography.Text type="secondary">{t('userChannel.count', { count: checked.length })}</Typography.Text>
      </Space>
    </div>
  );
}

/** The allotment editor in a modal (user management's 'allot channels' action). */
export function AllotChannelsModal({
  user,
  onClose,
}: {
  user: { id: number; username: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={user !== null}
      title={user ? t('userChannel.modalTitle', { user: user.username }) : ''}
      footer={null}
      width={640}
      onCancel={onClose}
      destroyOnHidden
    >
      {user && <AllotChannels userId={user.id} onSaved={onClose} />}
    </Modal>
  );
}
