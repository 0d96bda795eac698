/**
 * A 10,000-row order sheet (xlsx made with exceljs, ~5% of the rows broken in the usual ways) through
 * POST /api/app/order/import over real HTTP, until the answer with the drafts' batch and the row-by-row
 * error report. Baseline: parsing the same xlsx with exceljs alone, in this process.
 */
import { type Api, importSheet } from '../lib/api.ts';
import { orderSheet, parseSheetOnly } from '../lib/sheet.ts';
import { log, type Result, timed } from '../lib/util.ts';

export const IMPORT_ROWS = 10_000;

export async function importBench(db: string, api: Api): Promise<Result[]> {
  const sheet = await orderSheet({ rows: IMPORT_ROWS, badShare: 0.05 });
  await parseSheetOnly((await orderSheet({ rows: 50, badShare: 0 })).bytes); // warm-up
  const parsed = await timed(() => parseSheetOnly(sheet.bytes));
  log(`${db}: importing ${IMPORT_ROWS} rows (${sheet.badRows} bad, ${(sheet.bytes.length / 1024).toFixed(0)} KB)`);
  const { ms, value: result } = await timed(() => importSheet(api, sheet.bytes));
  const badRows = new Set(result.errors.map((error) => error.row)).size;
  const expected = {
    rows: IMPORT_ROWS,
    orders: sheet.orders,
    created: sheet.orders - sheet.badRows,
    badRows: sheet.badRows,
  };
  const got = { rows: result.rows, orders: result.orders, created: result.created, badRows };
  if (JSON.stringify(got) !== JSON.stringify(expected)) {
    throw new Error(`import answered ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`);
  }
  return [
    {
      bench: 'import',
      db,
      figure: `${IMPORT_ROWS} rows → drafts + error report`,
      value: ms,
      unit: 'ms',
      target: { op: '<', limit: 5000 },
      baseline: { name: 'exceljs parse alone', value: parsed.ms, unit: 'ms' },
      note: `${result.created} drafts, ${result.errors.length} errors on ${badRows} rows`,
    },
  ];
}
