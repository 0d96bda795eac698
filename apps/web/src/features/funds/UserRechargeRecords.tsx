import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { RechargeTable } from './RechargeTable';

/** /adminSettings/customer/userRechargeRecords: every recharge record; approve or reject pending ones. */
export default function UserRechargeRecords() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.adminSettings.customer.userRechargeRecords')} data-testid="user-recharge-records-page">
      <RechargeTable scope="all" />
    </Card>
  );
}
