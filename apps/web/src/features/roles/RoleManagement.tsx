import { PlusOutlined } from '@ant-design/icons';
import * as accessContracts from '@parcelport/shared/contracts/access/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Popconfirm, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '../../api/admin';
import { call } from '../../api/call';
import { RoleHoldersDrawer } from './RoleHoldersDrawer';
import { RoleModal } from './RoleModal';

/**
 * /roleSettings/roleManagement (resourceManagement): the roles with the codes they grant; make, rename, set
 * the codes of and delete the roles staff made (built-in roles keep their codes); see who holds each. Holders
 * of a changed role get it on their next call.
 */
export default function RoleManagement() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useQuery({ queryKey: ['roles'], queryFn: () => call(accessContracts.listRoles, {}) });
  const [editing, setEditing] = useState<Role | null | undefined>(undefined);
  const [holdersOf, setHoldersOf] = useState<Role | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['roles'] });
  const remove = useMutation({
    mutationFn: (id: number) => call(accessContracts.deleteRole, { params: { id } }),
    onSuccess: refresh,
  });
  // A built-in role shows its name in the reader's language until staff rename it.
  const nameOf = (role: Role) =>
    role.builtIn && role.name === role.code ? t(`role.${role.code}`, { defaultValue: role.name }) : role.name;

  const columns: TableColumnsType<Role> = [
    { title: t('roles.code'), dataIndex: 'code', width: 170 },
    {
      title: t('roles.name'),
      dataIndex: 'name',
      width: 200,
      render: (_name: string, role) => (
        <Space size={4}>
          {nameOf(role)}
          {role.builtIn && <Tag>{t('roles.builtIn')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('roles.resources'),
      dataIndex: 'resources',
      render: (codes: string[]) => (
        <Space size={[4, 4]} wrap>
          {codes.map((code) => (
            <Tag key={code}>{t(`resource.${code}`, { defaultValue: code })}</Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('roles.holders'),
      dataIndex: 'holders',
      width: 100,
      align: 'right',
      render: (count: number, role) => (
        <Button type="link" size="small" onClick={() => setHoldersOf(role)} data-testid="role-holders">
          {count}
        </Button>
      ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 150,
      fixed: 'right',
      render: (_v, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(role)} data-testid="role-action-edit">
            {t('common.edit')}
          </Button>
          {!role.builtIn && (
            <Popconfirm
              title={t('roles.confirmDelete', { role: role.name })}
              okText={t('common.delete')}
              okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
              cancelText={t('common.cancel')}
              onConfirm={() => remove.mutateAsync(role.id).catch(() => undefined)}
            >
              <Button type="link" size="small" danger data-testid="role-action-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      data-testid="role-management-page"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)} data-testid="role-new">
          {t('roles.new')}
        </Button>
      }
    >
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data ?? []}
        loading={roles.isFetching}
        pagination={false}
        scroll={{ x: 900 }}
        onRow={(role) => ({ 'data-testid': `role-row-${role.code}` }) as React.HTMLAttributes<HTMLElement>}
      />
      <RoleModal
        open={editing !== undefined}
        role={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={refresh}
      />
      <RoleHoldersDrawer
        role={holdersOf}
        roleName={holdersOf ? nameOf(holdersOf) : ''}
        onClose={() => setHoldersOf(null)}
      />
    </Card>
  );
}
