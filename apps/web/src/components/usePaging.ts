import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@parcelport/shared';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The page and page size of a server-paged table, and its antd pagination config: size changer with
 * PAGE_SIZES, "N in total", and back to page 1 when the size changes (the old page may no longer exist).
 */
export function usePaging() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  /**
   * `onChange` runs after every page or size change (e.g. to clear a row selection). `capped`: the server
   * counted no further than `total` and there are more ("more than 10,000"; the order lists).
   */
  const pagination = (total: number, onChange?: () => void, capped = false): TablePaginationConfig => ({
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: PAGE_SIZES.map(String),
    showTotal: (count) =>
      capped ? t('common.totalMoreThan', { total: count.toLocaleString() }) : t('common.total', { total: count }),
    onChange: (nextPage, nextSize) => {
      setPage(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
      onChange?.();
    },
  });
  return { page, pageSize, setPage, pagination };
}
