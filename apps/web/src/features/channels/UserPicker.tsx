import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { AccountPicker, type PickedAccount } from '../../components/AccountPicker';

export type PickedUser = PickedAccount;

/** Pick a customer by searching the user list (GET /api/admin/list?keyword=). */
export function UserPicker({
  value,
  onChange,
  testId = 'user-picker',
  style,
}: {
  value?: PickedUser | null;
  onChange?: (user: PickedUser | null) => void;
  testId?: string;
  style?: React.CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <AccountPicker
      value={value}
      onChange={onChange}
      find={async (keyword) =>
        (
          await call(adminUsersContracts.listUsers.admin, {
            query: { page: 1, pageSize: 50, keyword: keyword || undefined },
          })
        ).list
      }
      queryKey="userPicker"
      placeholder={t('userChannel.pickUser')}
      notFound={t('userChannel.noUsers')}
      optionTestId={(user) => `user-option-${user.username}`}
      testId={testId}
      style={style}
    />
  );
}
