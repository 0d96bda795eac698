import { FUND_TYPES } from '@parcelport/shared';
import { Card } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionStore } from '../../stores/session';
import { BillDeductions } from '../bills';
import { LedgerTable } from './LedgerTable';

/** /postage/fundDetails: my ledger, every change of my balances (docs/spec.md §3 financial detail). */
export default function FundDetails() {
  const { t } = useTranslation();
  const fetchUserInfo = useSessionStore((state) => state.fetchUserInfo);
  useEffect(() => {
    fetchUserInfo({ isHideMsg: true }).catch(() => undefined);
  }, [fetchUserInfo]);
  return (
    <>
      <Card title={t('menu.postage.fundDetails')} data-testid="fund-details-page">
        <LedgerTable source="mine" typeChoices={FUND_TYPES} />
      </Card>
      <BillDeductions />
    </>
  );
}
