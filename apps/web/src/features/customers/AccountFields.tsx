import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import type { ManagedUserDetail } from '@parcelport/shared/contracts/admin-users/schemas';
import { useQuery } from '@tanstack/react-query';
import { Form, type FormInstance, Input, Modal } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { UserFamily } from '../../api/admin';
import { call } from '../../api/call';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { requiredRule, schemaRule } from '../../utils/schemaRule';

/** The profile fields staff fill in on a customer's or an employee's form, in order. */
export const PROFILE_FIELDS = ['firstName', 'lastName', 'nickName', 'company', 'phone', 'wechat'] as const;
type ProfileField = (typeof PROFILE_FIELDS)[number];
export type ProfileValues = { [F in ProfileField]?: string };

/** The profile as the contracts take it: every field, blanks for the ones left empty. */
export function profileOf(values: ProfileValues): Record<ProfileField, string> {
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, values[field] ?? ''])) as Record<
    ProfileField,
    string
  >;
}

/**
 * A new account's address and password, and the profile fields, each checked by the contract's own schema;
 * `required` names the profile fields the account must have. Test ids are `<prefix>-<field>`.
 */
export function AccountFields({
  prefix,
  creating,
  shape,
  required,
}: {
  prefix: string;
  creating: boolean;
  shape: Partial<Record<ProfileField | 'email' | 'password', z.ZodType>>;
  required: readonly ProfileField[];
}) {
  const { t } = useTranslation();
  const rulesOf = (field: ProfileField | 'email' | 'password', isRequired: boolean) => [
    ...(isRequired ? [requiredRule()] : []),
    ...(shape[field] ? [schemaRule(shape[field])] : []),
  ];
  return (
    <>
      {creating && (
        <>
          <Form.Item name="email" label={t('field.email')} rules={rulesOf('email', true)}>
            <Input data-testid={`${prefix}-email`} autoComplete="off" />
          </Form.Item>
          <Form.Item name="password" label={t('field.password')} rules={rulesOf('password', true)}>
            <Input.Password data-testid={`${prefix}-password`} autoComplete="new-password" />
          </Form.Item>
        </>
      )}
      {PROFILE_FIELDS.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`field.${field}`)}
          rules={rulesOf(field, required.includes(field))}
        >
          <Input data-testid={`${prefix}-${field}`} />
        </Form.Item>
      ))}
    </>
  );
}

/**
 * An account form's modal (new or edit): `save` runs with the modal's spinner; a 400's field errors go onto
 * the form's fields, and a success closes the modal after `onSaved`.
 */
export function AccountModal<Values>({
  open,
  title,
  testId,
  form,
  fields,
  save,
  onClose,
  onSaved,
  initialValues,
  children,
}: {
  open: boolean;
  title: string;
  testId: string;
  form: FormInstance<Values>;
  fields: readonly string[];
  save: (values: Values) => Promise<void>;
  onClose: () => void;
  onSaved: () => void;
  initialValues?: Partial<Values>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [saving, setSaving] = useState(false);
  const submit = async (values: Values) => {
    setSaving(true);
    try {
      await save(values);
      onSaved();
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, fields);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': `${testId}-save` }}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
        data-testid={`${testId}-form`}
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * Fills an account form when it opens: blank for a new account (id null), else with the account's profile
 * and `more` of its details, once they are loaded.
 */
export function useFillAccountForm<Values>(
  form: FormInstance<Values>,
  family: UserFamily,
  id: number | null,
  open: boolean,
  more: (user: ManagedUserDetail) => Partial<Values> = () => ({}),
) {
  const detail = useQuery({
    queryKey: ['users', family, 'detail', id],
    queryFn: () => call(adminUsersContracts.getUser[family], { params: { id: id as number } }),
    enabled: open && id !== null,
  });
  // The latest `more`, without filling the form again on every render.
  const moreRef = useRef(more);
  moreRef.current = more;
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const user = detail.data;
    if (id === null || !user) return;
    form.setFieldsValue({ ...profileOf(user), ...moreRef.current(user) } as Parameters<typeof form.setFieldsValue>[0]);
  }, [open, id, detail.data, form]);
}
