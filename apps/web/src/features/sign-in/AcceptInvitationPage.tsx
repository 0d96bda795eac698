import * as teamContracts from '@parcelport/shared/contracts/team/index';
import { Button, Form, Input, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { AuthShell, AuthTitle } from './AuthShell';
import { NewPasswordFields } from './NewPasswordFields';

interface AcceptValues {
  firstName: string;
  lastName: string;
  password: string;
  confirmPassword: string;
}

/** Target of a mailed team invitation (?token=…, issue 30): the member's name and password, once. */
export default function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [form] = Form.useForm<AcceptValues>();
  const [loading, setLoading] = useState(false);
  const [username, setUsername] = useState<string | null>(null);
  const [linkError, setLinkError] = useState<string | null>(token ? null : t('invitation.noToken'));

  const submit = async (values: AcceptValues) => {
    setLoading(true);
    try {
      setUsername((await call(teamContracts.acceptInvitation, { body: { token, ...values } })).username);
    } catch (error) {
      applyServerFieldErrors(form, error, ['firstName', 'lastName', 'password', 'confirmPassword']);
      const message = (error as { fields?: Record<string, string> }).fields?.token;
      if (message) setLinkError(message);
    } finally {
      setLoading(false);
    }
  };

  const toLogin = (
    <Button type="primary" onClick={() => navigate('/login')} data-testid="invitation-to-login">
      {t('register.backToLogin')}
    </Button>
  );

  if (username || linkError) {
    return (
      <AuthShell testId="invitation-page" width={480}>
        {username ? (
          <Result
            status="success"
            title={<span data-testid="invitation-accepted">{t('invitation.accepted')}</span>}
            subTitle={t('invitation.signInAs', { username })}
            extra={toLogin}
          />
        ) : (
          <Result
            status="warning"
            title={t('invitation.linkInvalidTitle')}
            subTitle={<span data-testid="invitation-link-invalid">{linkError}</span>}
            extra={toLogin}
          />
        )}
      </AuthShell>
    );
  }

  return (
    <AuthShell testId="invitation-page">
      <AuthTitle title={t('invitation.title')} />
      <p>{t('invitation.explain')}</p>
      <Form<AcceptValues> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Form.Item
          name="firstName"
          label={t('invitation.firstName')}
          rules={[{ required: true, whitespace: true, message: t('invitation.firstNameRequired') }]}
        >
          <Input autoComplete="given-name" data-testid="invitation-first-name" />
        </Form.Item>
        <Form.Item name="lastName" label={t('invitation.lastName')}>
          <Input autoComplete="family-name" data-testid="invitation-last-name" />
        </Form.Item>
        <NewPasswordFields testIds={{ password: 'invitation-password', confirm: 'invitation-confirm-password' }} />
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="invitation-submit">
          {t('invitation.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          <Link to="/login">{t('register.toLogin')}</Link>
        </div>
      </Form>
    </AuthShell>
  );
}
