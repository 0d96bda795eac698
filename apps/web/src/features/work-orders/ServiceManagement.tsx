import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WorkOrderTable } from './WorkOrderTable';

/** /adminSettings/serviceManagement: customer service's queue of every merchant's work orders. */
export default function ServiceManagement() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.adminSettings.serviceManagement')} data-testid="service-management-page">
      <WorkOrderTable desk="service" />
    </Card>
  );
}
