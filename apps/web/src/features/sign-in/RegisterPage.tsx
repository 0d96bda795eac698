import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Result, Row, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { call } from '../../api/call';
import { getRegistrationMode } from '../../api/config';
import type { RegisterInput } from '../../api/types';
import { register } from '../../api/user';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { confirmPasswordRules, newPasswordRules } from '../../utils/passwordRules';
import { AuthShell, AuthTitle } from './AuthShell';

export const CODE_COOLDOWN_SECONDS = 60;

const FIELDS = [
  'email',
  'phone',
  'code',
  'nickName',
  'company',
  'wechat',
  'invitationCode',
  'firstName',
  'lastName',
  'password',
  'confirmPassword',
] as const;

const CODE_FIELD_ID = 'register-code-input';

/** Seconds left before another code may be sent. */
function useCountdown() {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  useEffect(() => () => void (timer.current && clearInterval(timer.current)), []);
  const start = (seconds: number) => {
    setLeft(seconds);
    if (timer.current) clearInterval(timer.current);
    timer.current = setInterval(() => {
      setLeft((value) => {
        if (value <= 1 && timer.current) clearInterval(timer.current);
        return Math.max(0, value - 1);
      });
    }, 1000);
  };
  return [left, start] as const;
}

/** docs/spec.md §2/§5 registration form; the account stays inactive until an administrator activates it. */
export default function RegisterPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<RegisterInput>();
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [cooldown, startCooldown] = useCountdown();
  // Open, by invitation code only, or closed (a run-time setting); the server decides either way.
  const mode = useQuery({ queryKey: ['registrationMode'], queryFn: getRegistrationMode }).data?.mode ?? 'open';

  const sendCode = async () => {
    let email: string;
    try {
      email = (await form.validateFields(['email'])).email;
    } catch {
      return;
    }
    setSending(true);
    try {
      await call(usersContracts.sendRegisterCode, { body: { email: email.trim() } });
      message.success(<span data-testid="register-code-sent">{t('register.codeSent')}</span>);
      startCooldown(CODE_COOLDOWN_SECONDS);
    } catch (error) {
      applyServerFieldErrors(form, error, ['email']);
    } finally {
      setSending(false);
    }
  };

  const submit = async (values: RegisterInput) => {
    setSubmitting(true);
    try {
      await register({ ...values, email: values.email.trim() });
      setDone(true);
    } catch (error) {
      // Field errors go on their fields; anything else (e.g. a network failure) as a message.
      if (!applyServerFieldErrors(form, error, FIELDS)) {
        message.error(error instanceof Error && error.message ? error.message : t('request.error'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthShell testId="register-page" width={520}>
        <Result
          status="success"
          title={t('register.successTitle')}
          subTitle={<span data-testid="register-success">{t('register.success')}</span>}
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="register-back-login">
              {t('register.backToLogin')}
            </Button>
          }
        />
      </AuthShell>
    );
  }

  const required = (message: string) => [{ required: true, whitespace: true, message }];

  return (
    <AuthShell testId="register-page" width={620}>
      <AuthTitle title={t('register.title')} subtitle={t('register.subtitle')} />
      {mode !== 'open' && (
        <Alert
          type={mode === 'closed' ? 'warning' : 'info'}
          showIcon
          style={{ marginBottom: 16 }}
          title={
            <span data-testid="register-mode">
              {t(mode === 'closed' ? 'register.closed' : 'register.invitationOnly')}
            </span>
          }
        />
      )}
      <Form<RegisterInput> form={form} layout="vertical" onFinish={(values) => void submit(values)}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item
              name="email"
              label={t('field.email')}
              rules={[
                { required: true, whitespace: true, message: t('validation.emailRequired') },
                { type: 'email', message: t('validation.emailInvalid') },
              ]}
            >
              <Input autoComplete="email" data-testid="register-email" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label={t('field.phone')} rules={required(t('validation.phoneRequired'))}>
              <Input autoComplete="tel" data-testid="register-phone" />
            </Form.Item>
          </Col>
          <Col span={24}>
            {/* The label names the code's field, not the group with the send button. */}
            <Form.Item label={t('field.code')} required htmlFor={CODE_FIELD_ID}>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="code" noStyle rules={required(t('validation.codeRequired'))}>
                  <Input id={CODE_FIELD_ID} autoComplete="one-time-code" data-testid="register-code" />
                </Form.Item>
                <Button
                  onClick={() => void sendCode()}
                  loading={sending}
                  disabled={cooldown > 0 || mode === 'closed'}
                  data-testid="register-send-code"
                >
                  {cooldown > 0 ? t('register.resendIn', { seconds: cooldown }) : t('register.sendCode')}
                </Button>
              </Space.Compact>
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="firstName"
              label={t('field.firstName')}
              rules={required(t('validation.firstNameRequired'))}
            >
              <Input autoComplete="given-name" data-testid="register-first-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label={t('field.lastName')} rules={required(t('validation.lastNameRequired'))}>
              <Input autoComplete="family-name" data-testid="register-last-name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="company" label={t('field.company')} rules={required(t('validation.companyRequired'))}>
              <Input autoComplete="organization" data-testid="register-company" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="nickName" label={t('field.nickName')}>
              <Input autoComplete="nickname" data-testid="register-nickname" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="wechat" label={t('field.wechat')}>
              <Input data-testid="register-wechat" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="invitationCode"
              label={t('field.invitationCode')}
              rules={mode === 'invitation' ? required(t('register.invitationOnly')) : []}
            >
              <Input data-testid="register-invitation-code" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="password" label={t('field.password')} rules={newPasswordRules(t)} hasFeedback>
              <Input.Password autoComplete="new-password" data-testid="register-password" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item
              name="confirmPassword"
              label={t('field.confirmPassword')}
              dependencies={['password']}
              rules={confirmPasswordRules(t)}
              hasFeedback
            >
              <Input.Password autoComplete="new-password" data-testid="register-confirm-password" />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={submitting}
          disabled={mode === 'closed'}
          data-testid="register-submit"
        >
          {t('register.submit')}
        </Button>
        <div style={{ textAlign: 'center', marginTop: 16 }}>
          {t('register.haveAccount')}{' '}
          <Link to="/login" data-testid="register-login-link">
            {t('register.toLogin')}
          </Link>
        </div>
      </Form>
    </AuthShell>
  );
}
