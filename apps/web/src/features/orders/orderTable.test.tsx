import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_ROWS, useFirstRowsFirst } from './OrderTable';

const rows = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

describe("the order table's first paint (issue 26)", () => {
  it('draws the first rows of its first page alone, then the whole page; a later page whole at once', async () => {
    const { result, rerender } = renderHook(({ orders }) => useFirstRowsFirst(orders), {
      initialProps: { orders: [] as number[] },
    });
    expect(result.current).toEqual([]);
    const first = rows(1, 50);
    rerender({ orders: first });
    expect(result.current).toEqual(first.slice(0, FIRST_ROWS));
    await waitFor(() => expect(result.current).toEqual(first));
    const second = rows(51, 50);
    rerender({ orders: second });
    expect(result.current).toEqual(second);
  });

  it('draws a page of no more than the first rows whole at once', () => {
    const page = rows(1, FIRST_ROWS);
    const { result } = renderHook(() => useFirstRowsFirst(page));
    expect(result.current).toEqual(page);
  });
});
