import { Alert, Button, Watermark } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../api/types';
import { useSessionStore } from '../stores/session';

/** The banner shown while a staff member acts as a user (user info actingAs). */
export function ActingAsNotice({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const logout = useSessionStore((state) => state.logout);
  if (!userInfo.actingAs) return null;
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="acting-as-notice"
      style={{ marginBottom: 12 }}
      title={t('actingAs.notice', { actor: userInfo.actingAs.actorUsername, user: userInfo.username })}
      action={
        <Button size="small" onClick={() => void logout()} data-testid="acting-as-end">
          {t('actingAs.end')}
        </Button>
      }
    />
  );
}

/**
 * docs/spec.md §2 watermark over screens: the customer account and name with the audit text, shown while a staff
 * member acts as the user.
 */
export function ScreenWatermark({ userInfo, children }: { userInfo: UserInfo | null; children: ReactNode }) {
  const { t } = useTranslation();
  if (!userInfo?.actingAs) return <>{children}</>;
  const account = `${userInfo.accountId || userInfo.username} ${userInfo.name}`.trim();
  return (
    <div data-testid="watermark" data-watermark-text={`${account} | ${t('watermark.audit')}`}>
      <Watermark content={[account, t('watermark.audit')]} gap={[120, 120]} font={{ fontSize: 14 }}>
        <div style={{ minHeight: 'calc(100vh - 220px)' }}>{children}</div>
      </Watermark>
    </div>
  );
}
