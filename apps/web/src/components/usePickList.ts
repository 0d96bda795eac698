import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ListQuery } from '../api/addressBook';
import type { RequestOptions } from '../api/request';
import type { Page } from '../api/types';
import { useDebounced } from './useDebounced';

/** How many records a picker offers at once; typing narrows them on the server. */
export const PICK_PAGE_SIZE = 50;

type Lister<T> = (query: ListQuery, options?: RequestOptions) => Promise<Page<T>>;

/** The first page of a list, quietly (a picker's list failing is no reason for an error message). */
export function usePickPage<T>(key: string, list: Lister<T>, keyword = '', enabled = true) {
  const query: ListQuery = { page: 1, pageSize: PICK_PAGE_SIZE, keyword: keyword || undefined };
  return useQuery({
    queryKey: [key, 'list', query],
    queryFn: () => list(query, { isHideMsg: true }),
    enabled,
    staleTime: 30_000,
    // The options stay while the next keyword's are read.
    placeholderData: keepPreviousData,
  });
}

/**
 * A searchable picker's records: the unfiltered first page (`all`, what the current value is looked up
 * in) and the page matching what is typed (`found`, what the dropdown offers).
 */
export function usePickList<T>(key: string, list: Lister<T>, enabled = true) {
  const [keyword, setKeyword] = useState('');
  const debounced = useDebounced(keyword.trim(), 300);
  const all = usePickPage(key, list, '', enabled);
  const found = usePickPage(key, list, debounced, enabled);
  return {
    all: all.data?.list ?? [],
    found: found.data?.list ?? [],
    loading: found.isFetching,
    failed: found.isError,
    setKeyword,
  };
}
