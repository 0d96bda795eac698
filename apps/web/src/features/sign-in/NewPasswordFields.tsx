import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmPasswordRules, newPasswordRules } from '../../utils/passwordRules';

/** A new password and its confirmation (`password`, `confirmPassword`), as every form that sets one asks. */
export function NewPasswordFields({ testIds }: { testIds: { password: string; confirm: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="password" label={t('field.newPassword')} rules={newPasswordRules(t)} hasFeedback>
        <Input.Password autoComplete="new-password" data-testid={testIds.password} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('field.confirmPassword')}
        dependencies={['password']}
        rules={confirmPasswordRules(t)}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" data-testid={testIds.confirm} />
      </Form.Item>
    </>
  );
}
