import { ACCOUNT_STATUS } from '@parcelport/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<number, string> = {
  [ACCOUNT_STATUS.inactive]: 'orange',
  [ACCOUNT_STATUS.active]: 'green',
  [ACCOUNT_STATUS.disabled]: 'red',
};

/** Account status: 0 pending activation, 1 active, 2 disabled. */
export function AccountStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLORS[status] ?? 'default'} data-testid="account-status" data-status={status}>
      {t(`account.status.${status}`, { defaultValue: String(status) })}
    </Tag>
  );
}
