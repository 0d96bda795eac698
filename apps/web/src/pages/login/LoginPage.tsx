import { Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthShell } from '../../components/AuthShell';
import { HOME_PATH, safeRedirect } from '../../utils/navigation';
import { getToken } from '../../utils/storage';
import { LoginForm } from './LoginForm';

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const target = safeRedirect(search.get('redirect')) ?? HOME_PATH;

  useEffect(() => {
    // A kept session (remember password) goes straight on; the guard checks it is still valid.
    if (getToken()) navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <AuthShell testId="login-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('login.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
      <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
    </AuthShell>
  );
}
