import { Empty, Flex, Pagination, type PaginationProps, Spin } from 'antd';
import type { ReactNode } from 'react';

/**
 * A list drawn as cards on a phone instead of a table that would scroll sideways: the cards one beneath the other,
 * an empty sign when there are none, and a simple pager beneath them.
 */
export function PhoneCards({
  loading,
  empty,
  pagination,
  testId,
  children,
}: {
  loading: boolean;
  /** Whether there is nothing to show (the empty sign waits for the first answer). */
  empty: boolean;
  pagination: PaginationProps;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Spin spinning={loading}>
      <Flex vertical gap={8} data-testid={testId}>
        {empty && !loading && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />}
        {children}
        <Pagination simple {...pagination} style={{ alignSelf: 'center' }} />
      </Flex>
    </Spin>
  );
}
