import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { CarrierRefundsOwed } from './CarrierRefundsOwed';
import { EarnestHeld } from './EarnestHeld';
import { PurchasesToConfirm } from './PurchasesToConfirm';

/**
 * /maintenance/unRefundedOrder: the money still out after a label, in three lists: refunds carriers owe for
 * voided labels (with their age), temporary deposits (earnest) still held, and purchases cut off at a
 * carrier that cannot be asked about them, charged and waiting for staff to settle.
 */
export default function UnRefundedOrder() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.maintenance.unRefundedOrder')} data-testid="unrefunded-page">
      <Tabs
        items={[
          { key: 'carrier', label: t('unRefunded.carrierTab'), children: <CarrierRefundsOwed /> },
          { key: 'earnest', label: t('unRefunded.earnestTab'), children: <EarnestHeld /> },
          { key: 'unconfirmed', label: t('unRefunded.unconfirmedTab'), children: <PurchasesToConfirm /> },
        ]}
      />
    </Card>
  );
}
