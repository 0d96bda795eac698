import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** /settings/lxorder (docs/spec.md §2): a carrier still to come, shown as such to whoever is let in. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Card data-testid="coming-soon-page">
      <Result status="info" title={t('comingSoon.title')} subTitle={t('comingSoon.text')} />
    </Card>
  );
}
