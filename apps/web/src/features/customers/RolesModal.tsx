import * as accessContracts from '@parcelport/shared/contracts/access/index';
import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Checkbox, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserFamily } from '../../api/admin';
import { call } from '../../api/call';
import type { ManagedUser } from '../../api/types';

/** Set a user's roles: the roles of GET /api/role/list, saved with POST /api/{admin|staff}/role/update. */
export function RolesModal({
  family,
  user,
  onClose,
  onSaved,
}: {
  family: UserFamily;
  user: ManagedUser | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<number[]>([]);
  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => call(accessContracts.listRoles, {}),
    enabled: user !== null,
  });
  const save = useMutation({
    mutationFn: (roleIds: number[]) =>
      call(adminUsersContracts.updateUserRoles[family], { body: { userId: user?.id ?? 0, roleIds } }),
    onSuccess: () => {
      message.success(t('users.rolesSaved'));
      onSaved();
      onClose();
    },
  });

  useEffect(() => {
    if (user) setSelected(user.roles.map((role) => role.id));
  }, [user]);

  return (
    <Modal
      open={user !== null}
      title={t('users.setRolesFor', { user: user?.username ?? '' })}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => save.mutate(selected)}
      confirmLoading={save.isPending}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'roles-save' }}
      destroyOnHidden
    >
      <div data-testid="roles-dialog">
        <Spin spinning={roles.isLoading}>
          <Checkbox.Group
            value={selected}
            onChange={(values) => setSelected(values as number[])}
            style={{ width: '100%' }}
          >
            <Space orientation="vertical" style={{ width: '100%' }}>
              {(roles.data ?? []).map((role) => (
                <Checkbox key={role.id} value={role.id} data-testid={`role-option-${role.code}`}>
                  <span>{t(`role.${role.code}`, { defaultValue: role.name })}</span>
                  {role.description && (
                    <Typography.Text type="secondary" style={{ marginInlineStart: 8, fontSize: 12 }}>
                      {role.description}
                    </Typography.Text>
                  )}
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Spin>
      </div>
    </Modal>
  );
}
