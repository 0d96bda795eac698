import { useQuery } from '@tanstack/react-query';
import { Select, Tag } from 'antd';
import { useState } from 'react';
import { useDebounced } from './useDebounced';

/** An account as a picker keeps it once picked. */
export interface PickedAccount {
  id: number;
  username: string;
}

/** An account a picker offers. */
export interface OfferedAccount extends PickedAccount {
  name?: string;
  deleted?: boolean;
}

/**
 * Picks one account by searching for it as staff type (the server matches a part of the account, name or
 * company): the first accounts once it is opened, then a search once the typing rests; an option reads
 * `account · name (#id)`.
 */
export function AccountPicker({
  value,
  onChange,
  find,
  queryKey,
  placeholder,
  notFound,
  optionTestId,
  deletedLabel,
  testId,
  style,
}: {
  value?: PickedAccount | null;
  onChange?: (account: PickedAccount | null) => void;
  /** The accounts matching what is typed ('' for the first ones). */
  find: (keyword: string) => Promise<OfferedAccount[]>;
  queryKey: string;
  placeholder: string;
  notFound: string;
  optionTestId: (account: OfferedAccount) => string;
  /** The tag an account marked deleted carries. */
  deletedLabel?: string;
  testId: string;
  style?: React.CSSProperties;
}) {
  const [search, setSearch] = useState('');
  // Nothing is asked before the picker is first opened: a screen holding one does not read accounts for it.
  const [opened, setOpened] = useState(false);
  const keyword = useDebounced(search.trim(), 300);
  const accounts = useQuery({ queryKey: [queryKey, keyword], queryFn: () => find(keyword), enabled: opened });
  // Options are shown only once they answer what is typed: while the typing is still being debounced, the
  // list of the previous search would otherwise be picked from just before it is replaced.
  const settled = keyword === search.trim();
  const options = (settled ? (accounts.data ?? []) : []).map((account) => ({
    value: account.id,
    label: (
      <span data-testid={optionTestId(account)}>
        {account.username}
        {account.name ? ` · ${account.name}` : ''} (#{account.id})
        {account.deleted && deletedLabel && (
          <Tag style={{ marginInlineStart: 6 }} bordered={false}>
            {deletedLabel}
          </Tag>
        )}
      </span>
    ),
    username: account.username,
  }));
  // The picked account stays an option (the box shows its name), but not among what a search offers.
  if (value && !search.trim() && !options.some((option) => option.value === value.id)) {
    options.unshift({ value: value.id, label: <span>{value.username}</span>, username: value.username });
  }
  return (
    <Select<number, (typeof options)[number]>
      allowClear
      style={{ minWidth: 320, ...style }}
      // An option reads account, name and id whole: a long e-mail cut at the box's width names nobody.
      popupMatchSelectWidth={false}
      placeholder={placeholder}
      // The search box's name for assistive technology: a placeholder is not one (issue 26, axe's label rule).
      aria-label={placeholder}
      loading={accounts.isFetching || !settled}
      value={value?.id}
      options={options}
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onOpenChange={(open) => open && setOpened(true)}
      notFoundContent={notFound}
      onChange={(id, option) => {
        const picked = Array.isArray(option) ? option[0] : option;
        onChange?.(id && picked ? { id, username: picked.username } : null);
        setSearch('');
      }}
      data-testid={testId}
    />
  );
}
