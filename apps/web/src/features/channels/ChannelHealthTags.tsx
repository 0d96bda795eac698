import type { Channel } from '@parcelport/shared/contracts/channels/schemas';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { shownSecond } from '../../utils/shown';

/** A channel's upstream trouble as the gate recorded it: paused by its circuit breaker, credentials refused. */
export function ChannelHealthTags({ channel }: { channel: Channel }) {
  const { t } = useTranslation();
  const { pausedUntil, authFailedAt, authError } = channel.health;
  return (
    <>
      {pausedUntil && (
        <Tooltip title={t('carriers.health.pausedHint')}>
          <Tag color="orange" data-testid={`channel-paused-${channel.id}`}>
            {t('carriers.health.paused', { until: shownSecond(pausedUntil) })}
          </Tag>
        </Tooltip>
      )}
      {authFailedAt && (
        <Tooltip title={t('carriers.health.authFailedHint', { at: shownSecond(authFailedAt), error: authError })}>
          <Tag color="red" data-testid={`channel-auth-failed-${channel.id}`}>
            {t('carriers.health.authFailed')}
          </Tag>
        </Tooltip>
      )}
    </>
  );
}
