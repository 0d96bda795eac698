import { SaveOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import type { AllotmentChoice } from '../../api/channels';
import { shownName } from '../../i18n';

/**
 * Whose allotment: a customer's (`admin`: the carrier managers' calls, adminChannel; the channel list and
 * POST /api/admin/channel/allot-channel) or an employee's own (`staff`: employee management, staffList;
 * GET /api/staff/channel/user-channel and POST /api/staff/channel/allot-channel).
 */
export type AllotFamily = 'admin' | 'staff';

/**
 * The channels allotted to one user, as ticks over every channel; saving replaces the user's allotment.
 */
export function AllotChannels({
  userId,
  family = 'admin',
  username,
  onSaved,
}: {
  userId: number;
  family?: AllotFamily;
  /** Named in the employee's success message. */
  username?: string;
  onSaved?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const staff = family === 'staff';
  const channels = useQuery({
    queryKey: ['allChannels'],
    queryFn: () => call(channelsContracts.allChannels, {}),
    enabled: !staff,
  });
  const allotted = useQuery({
    queryKey: ['userChannels', userId],
    queryFn: () => call(channelsContracts.userChannelIds, { query: { userId } }),
    enabled: !staff,
  });
  const employee = useQuery({
    queryKey: ['employeeChannels', userId],
    queryFn: () => call(channelsContracts.staffUserChannels, { query: { userId } }),
    enabled: staff,
  });
  const current = staff ? employee.data?.channelIds : allotted.data;
  const [checked, setChecked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (current) setChecked(current);
  }, [current]);

  const save = async () => {
    setSaving(true);
    try {
      // What differs between the families: the call, its message and what else shows the allotment.
      const how = staff
        ? {
            allot: (userId: number, channelIds: number[]) =>
              call(channelsContracts.staffAllotChannels, { body: { userId, channelIds } }),
            saved: t('employees.channelsSaved', { user: username ?? '' }),
            alsoShown: [['employeeChannels', userId]],
          }
        : {
            allot: (userId: number, channelIds: number[]) =>
              call(channelsContracts.allotChannels, { body: { userId, channelIds } }),
            saved: t('userChannel.saved'),
            alsoShown: [
              ['userServices', userId],
              ['userChannelsDetail', userId],
            ],
          };
      await how.allot(userId, checked);
      message.success(<span data-testid="allot-saved">{how.saved}</span>);
      await Promise.all(
        [['userChannels', userId], ['allUserChannels'], ['channels'], ...how.alsoShown].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
      onSaved?.();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  if (staff ? employee.isLoading : channels.isLoading || allotted.isLoading) return <Spin />;
  const list: AllotmentChoice[] = (staff ? employee.data?.channels : channels.data) ?? [];
  if (list.length === 0) return <Empty description={t('userChannel.noChannels')} />;
  const dirty =
    current !== undefined && (checked.length !== current.length || checked.some((id) => !current.includes(id)));

  return (
    <div data-testid="allot-channels">
      {staff && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('employees.channelsHelp')} />}
      <Table<AllotmentChoice>
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
                  <Typography.Text strong>{shownName(name)}</Typography.Text>
                  {channel.isDemo && <Tag color="purple">{t('carriers.demo')}</Tag>}
                  {channel.status !== 1 && <Tag>{t('carriers.disabled')}</Tag>}
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {channel.services.map((service) => shownName(service.name)).join(' · ') || t('carriers.noServices')}
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

/** The allotment editor in a modal (user management's 'allot channels' action, customers' or employees'). */
export function AllotChannelsModal({
  user,
  family = 'admin',
  onClose,
}: {
  user: { id: number; username: string } | null;
  family?: AllotFamily;
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
      {user && <AllotChannels userId={user.id} family={family} username={user.username} onSaved={onClose} />}
    </Modal>
  );
}
