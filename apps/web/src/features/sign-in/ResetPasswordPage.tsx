import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { Button, Form, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { AuthShell, AuthTitle } from './AuthShell';
import { NewPasswordFields } from './NewPasswordFields';

interface ResetValues {
  password: string;
  confirmPassword: string;
}

/** Target of the mailed reset link (?token=…): set a new password once. */
export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [form] = Form.useForm<ResetValues>();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [linkError, setLinkError] = useState<string | null>(token ? null : t('reset.noToken'));

  const submit = async (values: ResetValues) => {
    setLoading(true);
    try {
      await call(usersContracts.resetPassword, { body: { token, ...values } });
      setDone(true);
    } catch (error) {
      applyServerFieldErrors(form, error, ['password', 'confirmPassword']);
      const message = (error as { fields?: Record<string, string> }).fields?.token;
      if (message) setLinkError(message);
    } finally {
      setLoading(false);
    }
  };

  const backToLogin = (
    <Button type="primary" onClick={() => navigate('/login')} data-testid="reset-back-login">
      {t('register.backToLogin')}
    </Button>
  );

  if (done || linkError) {
    return (
      <AuthShell testId="reset-page" width={480}>
        {done ? (
          <Result
            status="success"
            title={
              <h1 className="pp-inline-heading" data-testid="reset-success">
                {t('reset.success')}
              </h1>
            }
            extra={backToLogin}
          />
        ) : (
          <Result
            status="warning"
            title={<h1 className="pp-inline-heading">{t('reset.linkInvalidTitle')}</h1>}
            subTitle={<span data-testid="reset-link-invalid">{linkError}</span>}
            extra={backToLogin}
          />
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell testId="reset-page">
      <AuthTitle title={t('reset.title')} />
      <Form<ResetValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <NewPasswordFields testIds={{ password: 'reset-password', confirm: 'reset-confirm-password' }} />
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
