import { hasAnyCode } from '@parcelport/shared';
import * as accessContracts from '@parcelport/shared/contracts/access/index';
import * as employeesContracts from '@parcelport/shared/contracts/employees/index';
import { employeeRegisterBody, employeeUpdateBody } from '@parcelport/shared/contracts/employees/schemas';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { userCodes, useSessionStore } from '../../stores/session';
import { AccountFields, AccountModal, PROFILE_FIELDS, profileOf, useFillAccountForm } from './AccountFields';

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
  const canGiveRoles = hasAnyCode(['adminRoleList'], userCodes(useSessionStore((state) => state.userInfo)));
  const creating = employeeId === null;
  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => call(accessContracts.listRoles, {}),
    enabled: open && creating && canGiveRoles,
  });
  useFillAccountForm(form, 'staff', employeeId, open);

  const save = async (values: EmployeeValues) => {
    const profile = profileOf(values);
    if (creating) {
      await call(employeesContracts.registerEmployee, {
        body: {
          ...profile,
          email: values.email ?? '',
          password: values.password ?? '',
          roleIds: values.roleIds ?? [],
        },
      });
      message.success(t('employees.created'));
    } else {
      await call(employeesContracts.updateEmployee, { params: { id: employeeId }, body: profile });
      message.success(t('employees.saved'));
    }
  };

  return (
    <AccountModal<EmployeeValues>
      open={open}
      title={t(creating ? 'employees.newTitle' : 'employees.editTitle')}
      testId="employee"
      form={form}
      fields={FIELDS}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
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
    </AccountModal>
  );
}
