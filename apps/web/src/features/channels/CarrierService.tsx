import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/call';
import {
  type CarrierService as CarrierServiceRow,
  type Channel,
  listChannels,
  setChannelStatus,
  updateService,
} from '../../api/channels';
import { ExpandColumnTitle } from '../../components/table/ExpandColumnTitle';
import { shownName } from '../../i18n';
import { NO_VALUE } from '../../utils/shown';
import { ChannelHealthTags } from './ChannelHealthTags';
import { ChannelModal } from './ChannelModal';
import { CARRIER_SERVICE_NEW_PATH } from './paths';
import { serviceSettingsToValues } from './settings';
import { UnknownCarrierForms } from './UnknownCarrierForms';
import { UnknownPickups } from './UnknownPickups';

function ServicesTable({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => updateService(id, { status }),
    onSuccess: (_data, { status }) => {
      message.success(t(status === 1 ? 'carriers.service.enabledNow' : 'carriers.service.disabledNow'));
      void queryClient.invalidateQueries({ queryKey: ['channels'] });
    },
  });
  const columns: TableColumnsType<CarrierServiceRow> = [
    { title: t('carriers.service.code'), dataIndex: 'code', width: 200 },
    { title: t('carriers.service.name'), dataIndex: 'name', render: shownName },
    { title: t('carriers.carrier'), dataIndex: 'carrierCode', width: 90 },
    {
      title: t('carriers.service.summary'),
      key: 'summary',
      render: (_value, service) => {
        // Stored settings may leave keys out; the platform's defaults apply to those.
        const values = serviceSettingsToValues(service.settings);
        return (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('carriers.service.summaryText', {
              divisor: values.dimDivisor || NO_VALUE,
              fuel: values.fuelPercent,
              residential: values.residential,
              maxLb: values.maxWeightLb,
            })}
          </Typography.Text>
        );
      },
    },
    {
      title: t('carriers.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number, service) => (
        <Switch
          size="small"
          checked={status === 1}
          loading={toggle.isPending && toggle.variables?.id === service.id}
          onChange={(checked) => toggle.mutate({ id: service.id, status: checked ? 1 : 0 })}
          data-testid={`service-status-${service.code}`}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      render: (_value, service) => (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={() => navigate(`${CARRIER_SERVICE_NEW_PATH}?serviceId=${service.id}`)}
          data-testid={`service-edit-${service.code}`}
        >
          {t('carriers.service.editRates')}
        </Button>
      ),
    },
  ];
  return (
    <Table<CarrierServiceRow>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={channel.services}
      pagination={false}
      locale={{ emptyText: t('carriers.noServices') }}
      onRow={(service) => ({ 'data-testid': `service-row-${service.code}` }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}

/**
 * /adminSettings/permission/carrierService: channels with their services, status, auto-allot and user
 * counts; create, edit, enable/disable and delete channels.
 */
export default function CarrierService() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ channel: Channel | null } | null>(null);
  const channels = useQuery({ queryKey: ['channels'], queryFn: listChannels });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['channels'] });

  const toggle = useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) => setChannelStatus(id, status),
    onSuccess: (_data, { status }) => {
      message.success(t(status === 1 ? 'carriers.channelEnabled' : 'carriers.channelDisabled'));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => call(channelsContracts.deleteChannel, { params: { id } }),
    onSuccess: () => {
      message.success(<span data-testid="channel-deleted">{t('carriers.channelDeleted')}</span>);
      void refresh();
    },
  });

  const columns: TableColumnsType<Channel> = [
    {
      title: t('carriers.channelName'),
      dataIndex: 'name',
      render: (name: string, channel) => (
        <Space size={4} wrap>
          <Typography.Text strong>{shownName(name)}</Typography.Text>
          {channel.isDemo && (
            <Tooltip title={t('carriers.demoHint')}>
              <Tag color="purple">{t('carriers.demo')}</Tag>
            </Tooltip>
          )}
          <ChannelHealthTags channel={channel} />
        </Space>
      ),
    },
    {
      title: t('carriers.platform'),
      dataIndex: 'platformCode',
      width: 130,
      render: (code: string) => t(`carriers.platform.${code}`, { defaultValue: code }),
    },
    { title: t('carriers.carrier'), dataIndex: 'carrierCode', width: 90 },
    {
      title: t('carriers.services'),
      key: 'services',
      width: 90,
      align: 'right',
      render: (_value, channel) => channel.services.length,
    },
    {
      title: t('carriers.autoAllot'),
      dataIndex: 'autoAllot',
      width: 120,
      render: (auto: boolean) =>
        auto ? <Tag color="blue">{t('carriers.autoAllotOn')}</Tag> : <Tag>{t('carriers.autoAllotOff')}</Tag>,
    },
    { title: t('carriers.userCount'), dataIndex: 'users', width: 90, align: 'right' },
    {
      title: t('carriers.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number, channel) => (
        <Switch
          checked={status === 1}
          checkedChildren={t('carriers.enabled')}
          unCheckedChildren={t('carriers.disabled')}
          loading={toggle.isPending && toggle.variables?.id === channel.id}
          onChange={(checked) => toggle.mutate({ id: channel.id, status: checked ? 1 : 0 })}
          data-testid={`channel-status-${channel.id}`}
        />
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 250,
      render: (_value, channel) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing({ channel })}
            data-testid="channel-edit"
          >
            {t('carriers.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<PlusOutlined />}
            onClick={() => navigate(`${CARRIER_SERVICE_NEW_PATH}?channelId=${channel.id}`)}
            data-testid="channel-add-service"
          >
            {t('carriers.addService')}
          </Button>
          <Popconfirm
            title={t('carriers.confirmDelete', { name: shownName(channel.name) })}
            description={t('carriers.confirmDeleteHint')}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' } as ButtonProps}
            onConfirm={() => remove.mutateAsync(channel.id).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="channel-delete">
              {t('carriers.delete')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.adminSettings.permission.carrierService')}
      data-testid="carrier-service-page"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void refresh()} data-testid="channels-reload">
            {t('carriers.reload')}
          </Button>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ channel: null })}
            data-testid="channel-new"
          >
            {t('carriers.newChannel')}
          </Button>
        </Space>
      }
    >
      <Table<Channel>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={channels.data?.list ?? []}
        loading={channels.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        expandable={{
          columnTitle: <ExpandColumnTitle />,
          expandedRowRender: (channel) => <ServicesTable channel={channel} />,
          rowExpandable: () => true,
        }}
        onRow={(channel) => ({ 'data-testid': `channel-row-${channel.name}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <ChannelModal
        open={editing !== null}
        channel={editing?.channel ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => void refresh()}
      />
      <UnknownCarrierForms />
      <UnknownPickups />
    </Card>
  );
}
