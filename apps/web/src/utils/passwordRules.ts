import { PASSWORD_MAX, PASSWORD_MIN } from '@parcelport/shared';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

/** New password: required, 8-16 characters (docs/spec.md §5, the server's rule). */
export function newPasswordRules(t: TFunction): Rule[] {
  return [
    { required: true, message: t('validation.passwordRequired') },
    {
      min: PASSWORD_MIN,
      max: PASSWORD_MAX,
      message: t('validation.passwordLength', { min: PASSWORD_MIN, max: PASSWORD_MAX }),
    },
  ];
}

/** Confirmation: required and equal to the field `passwordField` ('Passwords do not match'). */
export function confirmPasswordRules(t: TFunction, passwordField = 'password'): Rule[] {
  return [
    { required: true, message: t('validation.confirmRequired') },
    ({ getFieldValue }) => ({
      validator(_rule: unknown, value: string) {
        if (!value || getFieldValue(passwordField) === value) return Promise.resolve();
        return Promise.reject(new Error(t('validation.passwordsMismatch')));
      },
    }),
  ];
}
