import { Alert, Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { UserInfo } from '../../api/types';
import { useSessionStore } from '../../stores/session';
import { requestActingToken } from '../../utils/actingHandover';
import { HOME_PATH } from '../../utils/navigation';
import { clearToken, mirrorSessionInCookie, STORAGE_KEYS, setActingAsFlag } from '../../utils/storage';
import { AuthShell } from './AuthShell';

export const CONFIG_CONTINUE_SECONDS = 3;
/** How long the window waits for its opener to hand over the token. */
export const CONFIG_HANDOVER_SECONDS = 10;

/**
 * /config: the window a staff member opens to act as a user. Its opener hands it the token by postMessage
 * (never in the URL, see utils/actingHandover.ts); it keeps the token for this tab only, sets the
 * acting-as flag, shows who acts for whom, then continues to the workplace.
 */
export default function ConfigPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  const [token, setToken] = useState<string | null>(null);
  const [userInfo, setUserInfo] = useState<UserInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [left, setLeft] = useState(CONFIG_CONTINUE_SECONDS);
  const started = useRef(false);

  useEffect(() => requestActingToken(setToken, () => setFailed(true), CONFIG_HANDOVER_SECONDS * 1000), []);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    // This tab only: never the remembered session of the staff member's own tab.
    sessionStorage.setItem(STORAGE_KEYS.token, token);
    mirrorSessionInCookie();
    setActingAsFlag();
    fetchUserInfo({ isHideMsg: true })
      .then(setUserInfo)
      .catch(() => {
        clearToken();
        setFailed(true);
      });
  }, [token, fetchUserInfo]);

  useEffect(() => {
    if (!userInfo) return;
    if (left <= 0) {
      navigate(HOME_PATH, { replace: true });
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [userInfo, left, navigate]);

  let body: React.ReactNode;
  if (failed) {
    body = (
      <Result
        status="warning"
        title={<span data-testid="config-invalid">{t('config.invalid')}</span>}
        extra={
          <Button type="primary" onClick={() => navigate('/login')}>
            {t('register.toLogin')}
          </Button>
        }
      />
    );
  } else if (!userInfo) {
    body = (
      <div style={{ textAlign: 'center', padding: 32 }}>
        <Spin />
        <p>{t('config.loading')}</p>
      </div>
    );
  } else {
    const who = {
      actor: userInfo.actingAs?.actorUsername ?? userInfo.username,
      user: `${userInfo.name} (${userInfo.username})`,
    };
    body = (
      <Result
        status="info"
        title={t('config.title')}
        subTitle={
          <span data-testid="config-acting-as">
            {userInfo.actingAs ? t('config.actingAs', who) : t('config.signedInAs', { user: who.user })}
          </span>
        }
        extra={
          <>
            <Alert type="warning" showIcon title={t('watermark.audit')} style={{ marginBottom: 16 }} />
            <Button type="primary" onClick={() => navigate(HOME_PATH, { replace: true })} data-testid="config-continue">
              {t('config.continue', { seconds: left })}
            </Button>
          </>
        }
      />
    );
  }
  return (
    <AuthShell testId="config-page" width={560}>
      {body}
    </AuthShell>
  );
}
