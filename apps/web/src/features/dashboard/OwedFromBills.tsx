import { hasAnyCode } from '@parcelport/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { myBillLinesQuery } from '../../api/bills';
import { Money } from '../../components/Money';
import { seesMoney, userCodes, useSessionStore } from '../../stores/session';

/**
 * What carrier bills left owed (docs/bills.md): the deductions and penalties the wallet could not pay down to
 * its credit limit. It is taken from the next approved top-up before the rest reaches the balance, so the
 * merchant should know before topping up; nothing is shown while nothing is owed. The lines are listed under
 * the ledger on the fund page.
 */
export function OwedFromBills() {
  const { t } = useTranslation();
  const userInfo = useSessionStore((state) => state.userInfo);
  const seesFunds = hasAnyCode(['appBalanceList'], userCodes(userInfo));
  // A team member without `money` is refused the bills' lines (issue 30): not asked.
  const owed = useQuery({ ...myBillLinesQuery(), enabled: seesMoney(userInfo) }).data?.owed;
  if (owed === undefined || Number(owed) <= 0) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      data-testid="workplace-owed"
      title={
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('workplace.owed')}{' '}
          <span data-testid="workplace-owed-amount">
            <Money amount={owed} currency="USD" />
          </span>
        </Typography.Text>
      }
      description={t('workplace.owedCollected')}
      action={
        seesFunds ? (
          <Link to="/postage/fundDetails" data-testid="workplace-owed-details">
            {t('workplace.owedDetails')}
          </Link>
        ) : null
      }
    />
  );
}
