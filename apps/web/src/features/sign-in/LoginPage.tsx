import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH, safeRedirect } from '../../utils/navigation';
import { getToken } from '../../utils/storage';
import { AuthShell, AuthTitle } from './AuthShell';
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
      <AuthTitle title={t('login.title')} subtitle={t('login.subtitle')} />
      <LoginForm onSignedIn={() => navigate(target, { replace: true })} />
    </AuthShell>
  );
}
