import { useRef } from 'react';

/**
 * Keyset paging of the order lists (docs/api.md, `after`): the last id of each page seen, so that the next
 * page is asked for as "the orders after this one" and costs what the first page does however deep it is.
 * A page jumped to without its previous page seen goes by its number. Forgotten when `list` (the filters
 * and page size) changes.
 */
export function useKeysetCursors(list: unknown) {
  const cursors = useRef(new Map<number, number>());
  const key = JSON.stringify(list);
  const current = useRef(key);
  if (current.current !== key) {
    cursors.current.clear();
    current.current = key;
  }
  return {
    after: (page: number) => (page > 1 ? cursors.current.get(page - 1) : undefined),
    seen: (page: number, rows: { id: number }[]) => {
      const last = rows.at(-1);
      if (last) cursors.current.set(page, last.id);
    },
  };
}
