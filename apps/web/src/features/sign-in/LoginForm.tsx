import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { App, Button, Checkbox, Form, Input } from 'antd';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/request';
import { clearToken, getRememberedUsername, setRememberedUsername, startSession } from '../../utils/storage';
import { readDrawnEntry, resumeDrawnEntry } from './drawnEntry';

// The sign-in call (its contracts, zod, the encryption) and the forgot-password dialog load when used, not
// with the page: the form is drawn from less.
const ForgotPasswordModal = lazy(() =>
  import('./ForgotPasswordModal').then((module) => ({ default: module.ForgotPasswordModal })),
);

export interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/**
 * docs/spec.md §2/§5 login form: username, password, remember password, forgot password, register link. 'Remember
 * password' keeps the username and the session, never the password.
 */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<LoginValues>();
  const [loading, setLoading] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  // Once opened the dialog stays mounted, so that it closes with its animation.
  const [forgotUsed, setForgotUsed] = useState(false);
  const rememberedUsername = getRememberedUsername();
  // On a first visit to /login the app takes over the form drawn at build time: what was typed there, the focus
  // and a submit held back carry on here.
  const [drawn] = useState(readDrawnEntry);
  const resumed = useRef(false);
  useLayoutEffect(() => {
    if (!drawn || resumed.current) return;
    resumed.current = true;
    resumeDrawnEntry(drawn, form);
  }, [drawn, form]);

  const submit = async (values: LoginValues) => {
    setLoading(true);
    try {
      const username = values.username.trim();
      const { login } = await import('../../api/auth');
      const token = await login(username, values.password);
      startSession(token, values.remember);
      setRememberedUsername(values.remember ? username : null);
      message.success(<span data-testid="login-welcome">{t('login.welcome')}</span>);
      onSignedIn();
    } catch (error) {
      clearToken();
      if (error instanceof ApiError) {
        const fields = error.fields;
        const named = (['username', 'password'] as const).filter((name) => fields[name]);
        if (named.length > 0) form.setFields(named.map((name) => ({ name, errors: [fields[name] ?? ''] })));
      } else {
        // The key could not be fetched or used: docs/spec.md §8 'Login error, refresh and try again'.
        message.error(<span data-testid="message-error">{t('login.error')}</span>);
      }
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Form<LoginValues>
        form={form}
        layout="vertical"
        size="large"
        initialValues={
          drawn?.values ?? { username: rememberedUsername, password: '', remember: Boolean(rememberedUsername) }
        }
        onFinish={(values) => void submit(values)}
        data-testid="login-form"
        requiredMark={false}
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            data-testid="login-username"
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            placeholder={t('login.passwordPlaceholder')}
            autoComplete="current-password"
            data-testid="login-password"
          />
        </Form.Item>
        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 16 }}>
          <Form.Item name="remember" valuePropName="checked" noStyle>
            <Checkbox data-testid="login-remember">{t('login.remember')}</Checkbox>
          </Form.Item>
          <Button
            type="link"
            size="middle"
            style={{ padding: 0 }}
            onClick={() => {
              setForgotUsed(true);
              setForgotOpen(true);
            }}
            data-testid="login-forgot"
          >
            {t('login.forgot')}
          </Button>
        </div>
        <Button type="primary" htmlType="submit" block loading={loading} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          {t('login.noAccount')}{' '}
          {/* Underlined: inside a sentence a link must not be told from the text by its colour alone. */}
          <Link to="/registerForm" style={{ textDecoration: 'underline' }} data-testid="login-register">
            {t('login.register')}
          </Link>
        </div>
      </Form>
      {forgotUsed && (
        <Suspense fallback={null}>
          <ForgotPasswordModal open={forgotOpen} onClose={() => setForgotOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
