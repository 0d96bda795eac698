import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { requiredRule, schemaRule } from '../../../utils/schemaRule';

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
