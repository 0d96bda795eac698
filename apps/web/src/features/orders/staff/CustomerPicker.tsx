import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { useTranslation } from 'react-i18next';
import { call } from '../../../api/call';
import { AccountPicker, type PickedAccount } from '../../../components/AccountPicker';

/**
 * The staff order list's customer filter (issue 29): an account picked from those the list may show (GET
 * /api/admin/order/customers, the list's own scope), found by a part of its account, name or company; the
 * list is then filtered by its id.
 */
export function CustomerPicker({
  value,
  onChange,
}: {
  value?: PickedAccount | null;
  onChange?: (account: PickedAccount | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <AccountPicker
      value={value}
      onChange={onChange}
      find={(keyword) =>
        call(ordersContracts.pickOrderCustomers, { query: keyword ? { keyword, limit: 20 } : { limit: 20 } })
      }
      queryKey="orderCustomers"
      placeholder={t('waybills.customerPlaceholder')}
      notFound={t('waybills.noCustomers')}
      optionTestId={(account) => `waybills-customer-${account.id}`}
      deletedLabel={t('waybills.customerDeleted')}
      testId="waybills-customer"
      style={{ width: 260, minWidth: 0 }}
    />
  );
}
