import { CloseCircleFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDrawnScreenReplaced } from '../utils/drawnScreen';

/**
 * Shown when a screen throws while rendering (or its code fails to load after a deploy). Loaded with the
 * shell, so it is drawn from a few parts rather than antd's Result and its illustrations.
 */
export function RouteError() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  useDrawnScreenReplaced(true);
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
      <div style={{ marginTop: 24, fontSize: token.fontSizeHeading3, color: token.colorTextHeading }}>
        {t('error.screenTitle')}
      </div>
      <div style={{ marginTop: 8, color: token.colorTextDescription }}>{t('error.screenText')}</div>
      <Button
        type="primary"
        style={{ marginTop: 24 }}
        onClick={() => window.location.reload()}
        data-testid="route-error-reload"
      >
        {t('error.reload')}
      </Button>
    </div>
  );
}
