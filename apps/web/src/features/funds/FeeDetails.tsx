import { POSTAGE_FUND_TYPES } from '@parcelport/shared';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LedgerTable } from './LedgerTable';

/** /postage/feeDetails: what shipping did to my available funds (docs/spec.md §3 postage detail). */
export default function FeeDetails() {
  const { t } = useTranslation();
  return (
    <Card title={t('menu.postage.feeDetails')} data-testid="fee-details-page">
      <Typography.Paragraph type="secondary">{t('funds.feeDetailsHint')}</Typography.Paragraph>
      <LedgerTable source="postage" typeChoices={POSTAGE_FUND_TYPES} showUser />
    </Card>
  );
}
