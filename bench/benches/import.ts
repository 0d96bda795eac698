/**
 * The same sheet again once the merchant has rules (issue 30): six active rules over destination, weight,
 * declared value and residential flag, adding a tag, a service choice, a signature and a hold, so that every
 * order is matched by some of them. Figure: the import's time with rules over the same-run import without.
 * Then the dry run of one rule over the merchant's last 200 orders.
 */
async function withRules(api: Api): Promise<number[]> {
  const tag = await api.call<{ id: number }>('POST', '/api/app/tags', {
    name: `Bench ${Date.now()}`,
    color: '#0ea5e9',
  });
  const rules = [
    { name: 'NY signed', matchMode: 'all', conditions: { states: ['NY'] }, actions: { signatureOption: 'signature' } },
    {
      name: 'Heavy',
      matchMode: 'all',
      conditions: { weightMin: 5 },
      actions: { rateChoice: { kind: 'cheapestWithin', days: 3 } },
    },
    { name: 'West', matchMode: 'all', conditions: { zipPrefixes: ['9', '8'] }, actions: { addTagIds: [tag.id] } },
    { name: 'Home', matchMode: 'all', conditions: { residential: true }, actions: { insurance: '5.00' } },
    { name: 'Big boxes', matchMode: 'all', conditions: { weightMin: 6, weightMax: 7 }, actions: { hold: true } },
    { name: 'Everyone', matchMode: 'first', conditions: {}, actions: { rateChoice: { kind: 'cheapest' } } },
  ];
  const ids: number[] = [];
  for (const rule of rules) {
    const saved = await api.call<{ id: number }>('POST', '/api/app/rules', rule);
    await api.call('PUT', `/api/app/rules/${saved.id}/active`, { active: true });
    ids.push(saved.id);
  }
  return ids;
}

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
  // The same-run baseline is a second import without rules (the first one warms the server), right before
  // the import with rules, so both run on a warm server beside the same load.
  const plain = await timed(() => importSheet(api, sheet.bytes));
  const ruleIds = await withRules(api);
  const ruled = await timed(() => importSheet(api, sheet.bytes));
  // The merchant is the later benches' too: drafts they import must not be held, tagged or repriced by these.
  for (const id of ruleIds) await api.call('PUT', `/api/app/rules/${id}/active`, { active: false });
  if (ruled.value.created !== expected.created) throw new Error(`import with rules created ${ruled.value.created}`);
  const dryRun = { rule: { name: 'Dry', conditions: { states: ['NY', 'CA'] }, actions: { hold: true } } };
  await api.call('POST', '/api/app/rules/dryRun', dryRun); // warm-up
  const dry = await timed(() => api.call<{ examined: number }>('POST', '/api/app/rules/dryRun', dryRun));
  if (dry.value.examined !== 200) throw new Error(`dry run examined ${dry.value.examined}`);
  return [
    {
      bench: 'import',
      db,
      figure: `${IMPORT_ROWS} rows with 6 active rules, in % of the same import without`,
      value: Math.round((ruled.ms / plain.ms) * 100),
      unit: 'count',
      target: { op: '<', limit: 120, text: '≤ 120 % of the import without rules' },
      baseline: { name: 'the same import without rules', value: Math.round(plain.ms), unit: 'ms' },
      note: `${ruled.ms.toFixed(0)} ms with rules: ${Math.round((ruled.ms / plain.ms) * 100)} % of ${plain.ms.toFixed(0)} ms without`,
    },
    {
      bench: 'import',
      db,
      figure: 'dry run of one rule over the last 200 orders',
      value: dry.ms,
      unit: 'ms',
      target: { op: '<', limit: 500 },
      baseline: null,
    },
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
