import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Surface } from '../../components/Surface';
import { isLoggedIn } from '../../stores/session';
import { PublicShell } from './PublicShell';

const STATUS = { authAccepted: 'info', authSuccess: 'success', authDeclined: 'warning' } as const;

/**
 * The marketplace authorisation result pages (docs/spec.md §2): where a store's authorisation sends the
 * merchant back: connected, connected without the store's order notifications (accepted), or declined; a
 * signed-in merchant goes back to their online stores (/settings/sales), a visitor to sign in.
 */
export default function AuthResultPage({ kind }: { kind: keyof typeof STATUS }) {
  const { t } = useTranslation();
  const signedIn = isLoggedIn();
  return (
    <PublicShell testId={`${kind}-page`}>
      <Surface className="pp-public-page" style={{ maxWidth: 640 }}>
        <Result
          status={STATUS[kind]}
          title={t(`site.auth.${kind}.title`)}
          subTitle={t(`site.auth.${kind}.text`)}
          extra={
            <Link to={signedIn ? '/settings/sales' : '/login'} data-testid="auth-result-continue">
              <Button type="primary">{t(signedIn ? 'site.auth.toStores' : 'site.signIn')}</Button>
            </Link>
          }
        />
      </Surface>
    </PublicShell>
  );
}
