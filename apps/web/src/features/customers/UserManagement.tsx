import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { ACCOUNT_STATUS, hasAnyCode } from '@parcelport/shared';
import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import * as employeesContracts from '@parcelport/shared/contracts/employees/index';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input, Popconfirm, Select, Space, type TableColumnsType, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserFamily } from '../../api/admin';
import { call } from '../../api/call';
import { CUSTOMER_EXPORT, EMPLOYEE_EXPORT, type SellerRow } from '../../api/customers';
import type { ManagedUser } from '../../api/types';
import { ExportButton } from '../../components/ExportButton';
import { Money } from '../../components/Money';
import { ArrangedTable } from '../../components/table/ArrangedTable';
import { usePaging } from '../../components/usePaging';
import { userCodes, useSessionStore } from '../../stores/session';
import { openActingAsWindow } from '../../utils/actingHandover';
import { NO_VALUE } from '../../utils/shown';
import { AllotChannelsModal, UserPriceRulesModal } from '../channels';
import { accountStateColumns } from './accountColumns';
import { CustomerModal } from './CustomerModal';
import { EmployeeModal } from './EmployeeModal';
import { ReleaseEarnestButton } from './ReleaseEarnest';
import { RolesModal } from './RolesModal';
import { SellerTable } from './SellerTable';

interface Filter {
  keyword?: string;
  status?: number;
}

/** Customers or employees; `owner` narrows the customers to those registered under one seller. */
function UserTable({
  family,
  owner = null,
  onClearOwner,
}: {
  family: UserFamily;
  owner?: SellerRow | null;
  onClearOwner?: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const userInfo = useSessionStore((state) => state.userInfo);
  const canSetRoles = hasAnyCode(['adminRoleList'], userCodes(userInfo));
  // Channels: a customer's are the carrier managers' (adminChannel); an employee's own are employee
  // management's (staffList, POST /staff/channel/allot-channel). Price rules are customers' (getComputeInfo).
  const canAllot = hasAnyCode([family === 'admin' ? 'adminChannel' : 'staffList'], userCodes(userInfo));
  const canPrice = family === 'admin' && hasAnyCode(['getComputeInfo'], userCodes(userInfo));
  const canReleaseEarnest = family === 'admin' && hasAnyCode(['orderList'], userCodes(userInfo));
  const [form] = Form.useForm<Filter>();
  const [filter, setFilter] = useState<Filter>({});
  const { page, pageSize, setPage, pagination } = usePaging();
  const [rolesFor, setRolesFor] = useState<ManagedUser | null>(null);
  const [channelsFor, setChannelsFor] = useState<ManagedUser | null>(null);
  const [rulesFor, setRulesFor] = useState<ManagedUser | null>(null);
  // The edit form (an id) or the new-account form (null); undefined while closed.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const customers = family === 'admin';
  const queryKey = ['users', family, filter, owner?.id, page, pageSize];

  const users = useQuery({
    queryKey,
    queryFn: () =>
      call(adminUsersContracts.listUsers[family], {
        query: {
          page,
          pageSize,
          keyword: filter.keyword?.trim(),
          status: filter.status,
          ...(owner ? { ownerId: owner.id } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['users', family] });

  const setStatus = useMutation({
    mutationFn: ({ id, status }: { id: number; status: number }) =>
      call(adminUsersContracts.updateUserStatus[family], { params: { id }, body: { status } }),
    onSuccess: (_data, { status }) => {
      message.success(t(status === ACCOUNT_STATUS.active ? 'users.activated' : 'users.disabled'));
      void refresh();
    },
  });
  const actAs = useMutation({
    mutationFn: (id: number) => call(adminUsersContracts.buildUserToken[family], { params: { id } }),
    onSuccess: openActingAsWindow,
  });
  const invite = useMutation({
    mutationFn: (id: number) => call(adminUsersContracts.updateSeller, { body: { id } }),
    onSuccess: ({ invitationCode }) => {
      message.success(t('users.invitationIssued', { code: invitationCode }));
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      call(customers ? customersContracts.deleteCustomer : employeesContracts.deleteEmployee, { params: { id } }),
    onSuccess: () => {
      message.success(t(customers ? 'customers.deleted' : 'employees.deleted'));
      void refresh();
    },
  });
  const isSeller = (user: ManagedUser) => user.roles.some((role) => role.code === 'seller');

  // Issue 14: the list's own columns fit a 1440 px screen with the menu open (FITS_1440): the account, name,
  // company, owner and member type (customers) or phone and roles (employees), status and balance; the rest
  // waits in the table settings.
  const columns: TableColumnsType<ManagedUser> = [
    { title: t('field.username'), dataIndex: 'username', width: 190, ellipsis: true },
    { title: t('field.name'), dataIndex: 'name', width: customers ? 110 : 120, ellipsis: true },
    { title: t('field.company'), dataIndex: 'company', width: 120, ellipsis: true, hidden: !customers },
    { title: t('field.phone'), dataIndex: 'phone', width: 130, hidden: customers },
    ...(customers
      ? [
          {
            title: t('field.owner'),
            dataIndex: 'ownerUsername',
            width: 140,
            ellipsis: true,
            render: (owner: string | null) => owner ?? NO_VALUE,
          },
          {
            title: t('field.memberType'),
            dataIndex: 'memberType',
            width: 90,
            render: (value: number) => t(`customers.memberType.${value}`),
          },
        ]
      : []),
    {
      title: t('field.roles'),
      dataIndex: 'roles',
      width: 150,
      hidden: customers,
      render: (roles: ManagedUser['roles']) => (
        <Space size={[4, 4]} wrap>
          {roles.map((role) => (
            <Tag key={role.id}>{t(`role.${role.code}`, { defaultValue: role.code })}</Tag>
          ))}
        </Space>
      ),
    },
    ...(family === 'staff'
      ? [
          {
            title: t('field.invitationCode'),
            dataIndex: 'invitationCode',
            width: 130,
            render: (code: string | null) => code ?? NO_VALUE,
          },
        ]
      : []),
    ...accountStateColumns<ManagedUser>(t).map((column) =>
      'dataIndex' in column && column.dataIndex === 'registrationDate'
        ? { ...column, hidden: true }
        : { ...column, width: 100 },
    ),
    {
      title: t('field.balance'),
      dataIndex: 'balance',
      width: 100,
      hidden: !customers,
      align: 'right',
      render: (value: string) => <Money amount={value} />,
    },
    {
      title: t('common.actions'),
      key: 'actions',
      fixed: 'right',
      width: customers ? 260 : 300,
      render: (_value, user) => {
        if (user.id === userInfo?.id) return <Tag>{t('users.you')}</Tag>;
        const active = user.status === ACCOUNT_STATUS.active;
        const next = active ? ACCOUNT_STATUS.disabled : ACCOUNT_STATUS.active;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setEditing(user.id)} data-testid="user-action-edit">
              {t('common.edit')}
            </Button>
            <Popconfirm
              title={t(active ? 'users.confirmDisable' : 'users.confirmActivate', { user: user.username })}
              okText={t('common.confirm')}
              cancelText={t('common.cancel')}
              okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
              onConfirm={() => setStatus.mutateAsync({ id: user.id, status: next })}
            >
              <Button
                type="link"
                size="small"
                danger={active}
                data-testid={active ? 'user-action-disable' : 'user-action-activate'}
              >
                {t(active ? 'users.disable' : 'users.activate')}
              </Button>
            </Popconfirm>
            {canSetRoles && (
              <Button type="link" size="small" onClick={() => setRolesFor(user)} data-testid="user-action-roles">
                {t('users.setRoles')}
              </Button>
            )}
            {canAllot && (
              <Button type="link" size="small" onClick={() => setChannelsFor(user)} data-testid="user-action-channels">
                {t('users.allotChannels')}
              </Button>
            )}
            {canPrice && (
              <Button type="link" size="small" onClick={() => setRulesFor(user)} data-testid="user-action-price-rules">
                {t('users.priceRules')}
              </Button>
            )}
            {canReleaseEarnest && <ReleaseEarnestButton user={user} />}
            {family === 'staff' && isSeller(user) && (
              <Popconfirm
                title={t('users.confirmInvitation', { user: user.username })}
                okText={t('common.confirm')}
                cancelText={t('common.cancel')}
                okButtonProps={{ 'data-testid': 'popconfirm-ok' }}
                onConfirm={() => invite.mutateAsync(user.id)}
              >
                <Button type="link" size="small" data-testid="user-action-invitation">
                  {t('users.issueInvitation')}
                </Button>
              </Popconfirm>
            )}
            <Button
              type="link"
              size="small"
              disabled={!active}
              loading={actAs.isPending && actAs.variables === user.id}
              onClick={() => actAs.mutate(user.id)}
              data-testid="user-action-act-as"
            >
              {t('users.actAs')}
            </Button>
            <Popconfirm
              title={t('customers.confirmDelete', { user: user.username })}
              description={t(customers ? 'customers.deleteHelp' : 'employees.deleteHelp')}
              okText={t('common.delete')}
              okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
              cancelText={t('common.cancel')}
              // A refusal (money or a label in flight) is shown by the request client.
              onConfirm={() => remove.mutateAsync(user.id).catch(() => undefined)}
            >
              <Button type="link" size="small" danger data-testid="user-action-delete">
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Space>
        );
      },
    },
  ];

  return (
    <div data-testid={`users-${family}`}>
      <Form<Filter>
        form={form}
        layout="inline"
        style={{ marginBottom: 16, rowGap: 8 }}
        onFinish={(values) => {
          setPage(1);
          setFilter({ keyword: values.keyword || undefined, status: values.status });
        }}
      >
        <Form.Item name="keyword" label={t('users.keyword')}>
          <Input allowClear placeholder={t('users.keywordPlaceholder')} data-testid="user-search-keyword" />
        </Form.Item>
        <Form.Item name="status" label={t('field.status')}>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('users.allStatuses')}
            data-testid="user-search-status"
            options={Object.values(ACCOUNT_STATUS).map((status) => ({
              value: status,
              label: <span data-testid={`user-status-option-${status}`}>{t(`account.status.${status}`)}</span>,
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="user-search-submit">
              {t('common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setPage(1);
                setFilter({});
              }}
              data-testid="user-search-reset"
            >
              {t('common.reset')}
            </Button>
            <ExportButton
              url={customers ? CUSTOMER_EXPORT : EMPLOYEE_EXPORT}
              params={{ keyword: filter.keyword, status: filter.status, ownerId: owner?.id }}
              filename={`${customers ? 'customers' : 'employees'}.xlsx`}
              testId={customers ? 'customers-export' : 'employees-export'}
            />
            <Button
              icon={<PlusOutlined />}
              onClick={() => setEditing(null)}
              data-testid={customers ? 'customer-new' : 'employee-new'}
            >
              {t(customers ? 'customers.new' : 'employees.new')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      {owner && (
        <Tag closable onClose={onClearOwner} style={{ marginBottom: 12 }} data-testid="users-owner-filter">
          {t('sellers.customersOf', { user: owner.username })}
        </Tag>
      )}
      <ArrangedTable<ManagedUser>
        list={customers ? 'customers' : 'employees'}
        rowKey="id"
        columns={columns}
        dataSource={users.data?.list ?? []}
        loading={users.isFetching}
        onRow={(user) => ({ 'data-testid': `user-row-${user.username}` }) as React.HTMLAttributes<HTMLElement>}
        pagination={pagination(users.data?.total ?? 0)}
      />
      <RolesModal family={family} user={rolesFor} onClose={() => setRolesFor(null)} onSaved={() => void refresh()} />
      <AllotChannelsModal family={family} user={channelsFor} onClose={() => setChannelsFor(null)} />
      <UserPriceRulesModal user={rulesFor} onClose={() => setRulesFor(null)} />
      {customers ? (
        <CustomerModal
          open={editing !== undefined}
          customerId={editing ?? null}
          onClose={() => setEditing(undefined)}
          onSaved={() => void refresh()}
        />
      ) : (
        <EmployeeModal
          open={editing !== undefined}
          employeeId={editing ?? null}
          onClose={() => setEditing(undefined)}
          onSaved={() => void refresh()}
        />
      )}
    </div>
  );
}

/** /adminSettings/employeeManagement (staffList): the employees' table on its own screen (docs/spec.md §2). */
export function EmployeeManagement() {
  return (
    <Card data-testid="employee-management-page">
      <UserTable family="staff" />
    </Card>
  );
}

/**
 * /adminSettings/userManagement: customers (adminList), the sellers with their codes and customers' counts
 * and, with staffList, employees. A seller's count opens the customers' tab filtered to that seller's.
 */
export default function UserManagement() {
  const { t } = useTranslation();
  const codes = userCodes(useSessionStore((state) => state.userInfo));
  const [tab, setTab] = useState('admin');
  const [owner, setOwner] = useState<SellerRow | null>(null);
  const showCustomersOf = (seller: SellerRow) => {
    setOwner(seller);
    setTab('admin');
  };
  const tabs = [
    {
      key: 'admin',
      label: <span data-testid="users-tab-customers">{t('users.customers')}</span>,
      children: <UserTable family="admin" owner={owner} onClearOwner={() => setOwner(null)} />,
    },
    {
      key: 'sellers',
      label: <span data-testid="users-tab-sellers">{t('users.sellers')}</span>,
      children: <SellerTable onShowCustomers={showCustomersOf} />,
    },
    ...(hasAnyCode(['staffList'], codes)
      ? [
          {
            key: 'staff',
            label: <span data-testid="users-tab-employees">{t('users.employees')}</span>,
            children: <UserTable family="staff" />,
          },
        ]
      : []),
  ];
  return (
    <Card data-testid="user-management-page">
      <Tabs destroyOnHidden activeKey={tab} onChange={setTab} items={tabs} />
    </Card>
  );
}
