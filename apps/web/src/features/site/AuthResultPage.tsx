import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Surface } from '../../components/Surface';
import { isLoggedIn } from '../../stores/session';
import { PublicShell } from './PublicShell';

const STATUS = { authAccepted: 'info', authSuccess: 'success', authDeclined: 'warning' } as const;

/**
 * Why a store connection was declined, as the server's install callback names it (/authDeclined?reason=):
 * each with its own explanation; the merchant's own refusal and anything else read the page's text.
 */
const DECLINE_REASONS: Record<string, string> = {
  signature: 'site.auth.declined.signature',
  state: 'site.auth.declined.state',
  store: 'site.auth.declined.store',
};

/**
 * The marketplace authorisation result pages (docs/spec.md §2): where a store's authorisation sends the
 * merchant back: connected, connected without the store's order notifications (accepted), or declined (saying
 * why); a signed-in merchant goes back to their online stores (/settings/sales), a visitor to sign in.
 */
export default function AuthResultPage({ kind }: { kind: keyof typeof STATUS }) {
  const { t } = useTranslation();
  const signedIn = isLoggedIn();
  const [search] = useSearchParams();
  const reason = kind === 'authDeclined' ? DECLINE_REASONS[search.get('reason') ?? ''] : undefined;
  return (
    <PublicShell testId={`${kind}-page`}>
      <Surface className="pp-public-page" style={{ maxWidth: 640 }}>
        <Result
          status={STATUS[kind]}
          title={<h1 className="pp-inline-heading">{t(`site.auth.${kind}.title`)}</h1>}
          subTitle={<span data-testid="auth-result-text">{t(reason ?? `site.auth.${kind}.text`)}</span>}
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
