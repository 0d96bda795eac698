import { hasAnyCode } from '@parcelport/shared';
import { employeeRegisterBody, employeeUpdateBody } from '@parcelport/shared/contracts/employees/schemas';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getManagedUser, listRoles } from '../../../api/admin';
import { registerEmployee, updateEmployee } from '../../../api/customers';
import { applyServerFieldErrors } from '../../../components/serverErrors';
import { userCodes, useSessionStore } from '../../../stores/session';
import { AccountFields, PROFILE_FIELDS, profileOf } from './AccountFields';

interface EmployeeValues {
  email?: string;
  password?: string;
  firstName: string;
  lastName: string;
  nickName?: string;
  company?: string;
  phone?: string;
  wechat?: string;
  roleIds?: number[];
}

const FIELDS = ['email', 'password', ...PROFILE_FIELDS, 'roleIds'] as const;

/**
 * An employee made or changed by staff (POST /staff/register, /staff/update/{id}); roles are given with a
 * new account only by holders of adminRoleList. `employeeId` null makes a new one.
 */
export function EmployeeModal({
  open,
  employeeId,
  onClose,
  onSaved,
}: {
  open: boolean;
  employeeId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<EmployeeValues>();
  const [saving, setSaving] = useState(false);
  const canGiveRoles = hasAnyCode(['adminRoleList'], userCodes(useSessionStore((state) => state.userInfo)));
  const creating = employeeId === null;
  const roles = useQuery({ queryKey: ['roles'], queryFn: listRoles, enabled: open && creating && canGiveRoles });
  const detail = useQuery({
    queryKey: ['users', 'staff', 'detail', employeeId],
    queryFn: () => getManagedUser('staff', employeeId as number),
    enabled: open && !creating,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const user = detail.data;
    if (creating || !user) return;
    form.setFieldsValue({
      firstName: user.firstName,
      lastName: user.lastName,
      nickName: user.nickName,
      company: user.company,
      phone: user.phone,
      wechat: user.wechat,
    });
  }, [open, creating, detail.data, form]);

  const save = async (values: EmployeeValues) => {
    setSaving(true);
    const profile = profileOf(values);
    try {
      if (creating) {
        await registerEmployee({
          ...profile,
          email: values.email ?? '',
          password: values.password ?? '',
          roleIds: values.roleIds ?? [],
        });
        message.success(t('employees.created'));
      } else {
        await updateEmployee(employeeId, profile);
        message.success(t('employees.saved'));
      }
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(creating ? 'employees.newTitle' : 'employees.editTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'employee-save' }}
      destroyOnHidden
      width={560}
    >
      <Form<EmployeeValues> form={form} layout="vertical" onFinish={(values) => void save(values)}>
        <AccountFields
          prefix="employee"
          creating={creating}
          shape={creating ? employeeRegisterBody.shape : employeeUpdateBody.shape}
          required={['firstName', 'lastName']}
        />
        {creating && canGiveRoles && (
          <Form.Item name="roleIds" label={t('field.roles')}>
            <Select
              mode="multiple"
              data-testid="employee-roles"
              options={(roles.data ?? [])
                .filter((role) => role.code !== 'customer')
                .map((role) => ({ value: role.id, label: t(`role.${role.code}`, { defaultValue: role.name }) }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
