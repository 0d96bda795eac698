import * as adminUsersContracts from '@parcelport/shared/contracts/admin-users/index';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';

export interface PickedUser {
  id: number;
  username: string;
}

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
  const [search, setSearch] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(search.trim()), 300);
    return () => clearTimeout(timer);
  }, [search]);
  const users = useQuery({
    queryKey: ['userPicker', keyword],
    queryFn: () =>
      call(adminUsersContracts.listUsers.admin, { query: { page: 1, pageSize: 50, keyword: keyword || undefined } }),
  });
  // Options are shown only once they answer what is typed: while the typing is still being debounced, the
  // list of the previous search would otherwise be picked from just before it is replaced.
  const settled = keyword === search.trim();
  const options = (settled ? (users.data?.list ?? []) : []).map((user) => ({
    value: user.id,
    label: (
      <span data-testid={`user-option-${user.username}`}>
        {user.username}
        {user.name ? ` · ${user.name}` : ''} (#{user.id})
      </span>
    ),
    username: user.username,
  }));
  if (value && !options.some((option) => option.value === value.id)) {
    options.unshift({ value: value.id, label: <span>{value.username}</span>, username: value.username });
  }
  return (
    <Select<number, (typeof options)[number]>
      allowClear
      style={{ minWidth: 320, ...style }}
      placeholder={t('userChannel.pickUser')}
      // The search box's name for assistive technology: a placeholder is not one (issue 26, axe's label rule).
      aria-label={t('userChannel.pickUser')}
      loading={users.isFetching || !settled}
      value={value?.id}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      notFoundContent={t('userChannel.noUsers')}
      onChange={(id, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        onChange?.(id && picked ? { id, username: picked.username } : null);
        setSearch('');
      }}
      data-testid={testId}
    />
  );
}
