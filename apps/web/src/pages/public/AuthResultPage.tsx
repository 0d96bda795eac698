import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isLoggedIn } from '../../stores/session';
import { PublicShell } from './PublicShell';

const STATUS = { authAccepted: 'info', authSuccess: 'success', authDeclined: 'warning' } as const;

/**
 * The marketplace authorisation result pages (docs/spec.md §2): where a store's authorisation sends the
 * merchant back, accepted (being connected), connected, or declined.
 */
export default function AuthResultPage({ kind }: { kind: keyof typeof STATUS }) {
  const { t } = useTranslation();
  return (
    <PublicShell testId={`${kind}-page`}>
      <Card style={{ maxWidth: 640, margin: '0 auto' }}>
        <Result
          status={STATUS[kind]}
          title={t(`site.auth.${kind}.title`)}
          subTitle={t(`site.auth.${kind}.text`)}
          extra={
            <Link to={isLoggedIn() ? '/dashboard/workplace' : '/login'} data-testid="auth-result-continue">
              <Button type="primary">{t(isLoggedIn() ? 'site.auth.toWorkplace' : 'site.signIn')}</Button>
            </Link>
          }
        />
      </Card>
    </PublicShell>
  );
}
