import { screen } from '@testing-library/react';
import { Table } from 'antd';
import { afterAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../i18n';
import { renderWithProviders } from '../test/render';
import { usePaging } from './usePaging';

afterAll(async () => {
  await changeLocale('zh-CN');
});

/** A server-paged table as the order lists hold one, with the total the server answered. */
function Harness({ total, capped }: { total: number; capped?: boolean }) {
  const { pagination } = usePaging();
  return (
    <Table
      rowKey="id"
      columns={[{ title: 'Id', dataIndex: 'id' }]}
      dataSource={[{ id: 1 }]}
      pagination={pagination(total, undefined, capped)}
    />
  );
}

describe('the total under a paged list', () => {
  it('says "more than" when the server stopped counting, in both languages', async () => {
    await changeLocale('en-US');
    const { unmount } = renderWithProviders(<Harness total={10_000} capped />);
    expect(screen.getByText('More than 10,000: narrow the filters or export to see them all')).toBeTruthy();
    unmount();
    await changeLocale('zh-CN');
    renderWithProviders(<Harness total={10_000} capped />);
    expect(screen.getByText('超过 10,000 条：缩小筛选范围或导出查看全部')).toBeTruthy();
  });

  it('gives an exact total as it is', async () => {
    await changeLocale('en-US');
    renderWithProviders(<Harness total={1234} />);
    expect(screen.getByText('1234 in total')).toBeTruthy();
  });
});
