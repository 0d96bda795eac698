import { PlusOutlined } from '@ant-design/icons';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as teamContracts from '@parcelport/shared/contracts/team/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  type TableColumnsType,
  Tag,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { MEMBER_PERMISSIONS, type MemberPermission, TEAM_KEY } from '../../api/team';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { NO_VALUE, shownMinute } from '../../utils/shown';

type Member = AnswerOf<typeof teamContracts.listMembers>[number];

interface MemberValues {
  email: string;
  permissions: MemberPermission[];
}

const STATUS_COLOURS: Record<Member['status'], string> = { active: 'green', invited: 'blue', expired: 'default' };

/**
 * /settings/members (issue 30): the people the owner invited to work in the account, each signing in as
 * themselves with the permissions given here; invite, change, resend a lapsed invitation, remove.
 */
export default function Members() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: [TEAM_KEY], queryFn: () => call(teamContracts.listMembers, {}) });
  // The member being edited; 'new' while inviting.
  const [editing, setEditing] = useState<Member | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<MemberValues>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [TEAM_KEY] });

  const open = (member: Member | 'new') => {
    form.setFieldsValue(
      member === 'new' ? { email: '', permissions: [] } : { email: member.email, permissions: member.permissions },
    );
    setEditing(member);
  };
  const save = async (values: MemberValues) => {
    setSaving(true);
    try {
      if (editing === 'new') {
        await call(teamContracts.inviteMember, { body: { email: values.email, permissions: values.permissions } });
        message.success(<span data-testid="member-invited">{t('members.invited', { email: values.email })}</span>);
      } else if (editing) {
        await call(teamContracts.updateMember, {
          params: { id: editing.id },
          body: { permissions: values.permissions },
        });
        message.success(<span data-testid="member-saved">{t('members.saved')}</span>);
      }
      setEditing(null);
      await refresh();
    } catch (error) {
      applyServerFieldErrors(form, error, ['email', 'permissions']);
    } finally {
      setSaving(false);
    }
  };
  const act = async (work: () => Promise<unknown>, done: string, testId: string) => {
    try {
      await work();
      message.success(<span data-testid={testId}>{done}</span>);
      await refresh();
    } catch {
      // The request client has said why.
    }
  };

  const columns: TableColumnsType<Member> = [
    { title: t('members.email'), dataIndex: 'email', key: 'email' },
    { title: t('members.name'), dataIndex: 'name', key: 'name', render: (name: string) => name || NO_VALUE },
    {
      title: t('members.status'),
      dataIndex: 'status',
      key: 'status',
      render: (status: Member['status']) => (
        <Tag color={STATUS_COLOURS[status]} data-testid={`member-status-${status}`}>
          {t(`members.status.${status}`)}
        </Tag>
      ),
    },
    {
      title: t('members.permissions'),
      dataIndex: 'permissions',
      key: 'permissions',
      render: (permissions: MemberPermission[]) =>
        permissions.length === 0
          ? t('members.noPermissions')
          : permissions.map((permission) => <Tag key={permission}>{t(`members.permission.${permission}`)}</Tag>),
    },
    {
      title: t('members.invitedAt'),
      dataIndex: 'invitedAt',
      key: 'invitedAt',
      render: shownMinute,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, member) => (
        <Space>
          <Button size="small" onClick={() => open(member)} data-testid={`member-edit-${member.id}`}>
            {t('members.edit')}
          </Button>
          {member.status !== 'active' && (
            <Button
              size="small"
              onClick={() =>
                void act(
                  () => call(teamContracts.resendInvitation, { params: { id: member.id } }),
                  t('members.resent'),
                  'member-resent',
                )
              }
              data-testid={`member-resend-${member.id}`}
            >
              {t('members.resend')}
            </Button>
          )}
          <Popconfirm
            title={t('members.removeConfirm', { email: member.email })}
            onConfirm={() =>
              act(
                () => call(teamContracts.removeMember, { params: { id: member.id } }),
                t('members.removed'),
                'member-removed',
              )
            }
          >
            <Button size="small" danger data-testid={`member-remove-${member.id}`}>
              {t('members.remove')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('menu.settings.members')}
      data-testid="members-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => open('new')} data-testid="member-invite">
          {t('members.invite')}
        </Button>
      }
    >
      <p>{t('members.explain')}</p>
      <Table<Member>
        rowKey="id"
        columns={columns}
        dataSource={members.data ?? []}
        loading={members.isPending}
        pagination={false}
        data-testid="members-table"
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('members.invite') : t('members.edit')}
        okText={editing === 'new' ? t('members.send') : t('common.save')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        confirmLoading={saving}
        okButtonProps={{ 'data-testid': 'member-save' }}
        destroyOnHidden
      >
        <Form<MemberValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item
            name="email"
            label={t('members.email')}
            rules={[{ required: true, type: 'email', message: t('members.emailInvalid') }]}
          >
            <Input disabled={editing !== 'new'} autoComplete="off" data-testid="member-email" />
          </Form.Item>
          <Form.Item name="permissions" label={t('members.permissions')}>
            <Checkbox.Group data-testid="member-permissions">
              <Space orientation="vertical">
                {MEMBER_PERMISSIONS.map((permission) => (
                  <Checkbox key={permission} value={permission} data-testid={`member-permission-${permission}`}>
                    {t(`members.permission.${permission}`)}
                    <span style={{ opacity: 0.65 }}> — {t(`members.permissionHelp.${permission}`)}</span>
                  </Checkbox>
                ))}
              </Space>
            </Checkbox.Group>
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
