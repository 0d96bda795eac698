import { expect } from 'vitest';
import { FITS_1440 } from '../components/table/ArrangedTable';

/**
 * The width the list's table is drawn at before any user arranges it (rc-table writes the scroll width on the
 * table element); issue 14: a list's own columns fit a 1440 px screen with the menu open, nothing scrolls
 * sideways.
 */
export function expectTableFits(scope: ParentNode = document) {
  const table = scope.querySelector<HTMLTableElement>('.ant-table-content > table, .ant-table-header > table');
  expect(table, 'a table is drawn').not.toBeNull();
  const width = Number.parseFloat(table?.style.width ?? '');
  expect(width, 'the table is as wide as its columns').toBeGreaterThan(0);
  expect(width).toBeLessThanOrEqual(FITS_1440);
}
