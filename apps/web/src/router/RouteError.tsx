import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Shown when a screen throws while rendering (or its code fails to load after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Result
      status="error"
      title={t('error.screenTitle')}
      subTitle={t('error.screenText')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()} data-testid="route-error-reload">
          {t('error.reload')}
        </Button>
      }
    />
  );
}
