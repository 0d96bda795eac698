import * as accessContracts from '@parcelport/shared/contracts/access/index';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Role, RoleHolder } from '../../api/admin';
import { call } from '../../api/call';
import { AccountStatusTag } from '../../components/StatusTag';
import { usePaging } from '../../components/usePaging';

/** Who holds a role: the accounts, a page at a time; a deleted account still holds it (so it cannot go). */
export function RoleHoldersDrawer({
  role,
  roleName,
  onClose,
}: {
  role: Role | null;
  roleName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { page, pageSize, pagination } = usePaging();
  const holders = useQuery({
    queryKey: ['roles', 'holders', role?.id, page, pageSize],
    queryFn: () =>
      call(accessContracts.listRoleHolders, { params: { id: role?.id as number }, query: { page, pageSize } }),
    enabled: role !== null,
    placeholderData: keepPreviousData,
  });
  const columns: TableColumnsType<RoleHolder> = [
    {
      title: t('field.username'),
      dataIndex: 'username',
      ellipsis: true,
      render: (username: string, holder) => (
        <Space size={4}>
          {username}
          {holder.deleted && <Tag color="default">{t('roles.holderDeleted')}</Tag>}
        </Space>
      ),
    },
    { title: t('field.name'), dataIndex: 'name', ellipsis: true },
    {
      title: t('roles.holderKind'),
      dataIndex: 'kind',
      width: 110,
      render: (kind: string) => t(`roles.holderKind.${kind}`, { defaultValue: kind }),
    },
    {
      title: t('field.status'),
      dataIndex: 'status',
      width: 110,
      render: (status: number) => <AccountStatusTag status={status} />,
    },
  ];
  return (
    <Drawer
      open={role !== null}
      onClose={onClose}
      size={720}
      title={t('roles.holdersOf', { role: roleName })}
      destroyOnHidden
    >
      <Table<RoleHolder>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={holders.data?.list ?? []}
        loading={holders.isFetching}
        onRow={(holder) => ({ 'data-testid': `role-holder-${holder.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(holders.data?.total ?? 0)}
      />
    </Drawer>
  );
}
