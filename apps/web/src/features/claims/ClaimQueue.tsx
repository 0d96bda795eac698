import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { ClaimTable } from './ClaimTable';

/** /adminSettings/claims: the claims queue (adminClaimList), oldest waiting first. */
export default function ClaimQueue() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.adminSettings.claims')} data-testid="claim-queue-page">
      <ClaimTable side="staff" />
    </Card>
  );
}
