import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { workbookStream, type XlsxColumn } from '../src/documents/xlsx.ts';
import { sheetName } from '../src/documents/xlsx-parts.ts';

/**
 * The xlsx writer on its own (documents/xlsx.ts): a large export from a source faster than deflate holds a
 * bounded amount of memory, not the sheet's whole XML, and its file holds every row.
 */
const PAGES = 40;
const ROWS = 1000;
type Row = { n: number };
const columns: XlsxColumn<Row>[] = Array.from({ length: 20 }, (_, column) => ({
  header: 'sheetDefault',
  value: (row) => (column % 3 === 0 ? row.n * column : `value ${row.n}-${column} Some Street, Springfield`),
}));

// A collection on demand, so that what is measured is what the writer still holds, not buffers it let go that
// the collector has yet to free (tens of megabytes of them on a busy machine).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

test('an export faster than its deflate holds its pages back, and its file holds every row', async () => {
  collectGarbage();
  const buffersAtStart = process.memoryUsage().arrayBuffers;
  let mostHeld = 0;
  let fileSoFar = 0;
  async function* pages() {
    for (let page = 0; page < PAGES; page++) {
      // what the writer holds in buffers when it asks for the next page (the file received so far is the test's)
      collectGarbage();
      mostHeld = Math.max(mostHeld, process.memoryUsage().arrayBuffers - buffersAtStart - fileSoFar);
      yield Array.from({ length: ROWS }, (_, index) => ({ n: page * ROWS + index }));
      await nextTurn(); // a source as fast as memory, as a database's next page can be
    }
  }
  const stream = await workbookStream('en-US', [{ name: 'sheetDefault', columns, pages: pages() }]);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    fileSoFar += (chunk as Buffer).length;
  }

  // the sheet's XML is ~40 MB: without waiting for the deflate, most of it is held at once
  expect(mostHeld).toBeLessThan(20 * 1024 * 1024);
  // read back by a reader, row by row (loading its 800,000 cells into one workbook takes twice as long)
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks), {});
  let rowCount = 0;
  let lastRow: unknown[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) {
      rowCount++;
      lastRow = row.values as unknown[];
    }
  }
  expect(rowCount).toBe(PAGES * ROWS + 1);
  expect(lastRow[2]).toBe(`value ${PAGES * ROWS - 1}-1 Some Street, Springfield`);
}, 120_000);

async function workbookOf(stream: NodeJS.ReadableStream): Promise<{ file: Buffer; workbook: ExcelJS.Workbook }> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const file = Buffer.concat(chunks);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as never);
  return { file, workbook };
}

async function* pagesOf<Row>(...pages: Row[][]) {
  yield* pages;
}

test('a sheet longer than a sheet may be goes on in a sheet of the same name, its header again', async () => {
  const numbered: XlsxColumn<Row>[] = [{ header: 'sheetDefault', value: (row) => row.n }];
  const rows = (from: number, count: number) => Array.from({ length: count }, (_, index) => ({ n: from + index }));
  // 4 data rows a sheet (5 with the header): pages of 3 are cut where a sheet fills
  const stream = await workbookStream(
    'en-US',
    [{ name: 'sheetDefault', columns: numbered, pages: pagesOf(rows(1, 3), rows(4, 3), rows(7, 3)) }],
    5,
  );
  const { workbook } = await workbookOf(stream);
  const sheets = workbook.worksheets.map((sheet) => ({
    name: sheet.name,
    values: sheet
      .getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[])[1]),
  }));
  const header = 'Sheet1';
  expect(sheets).toEqual([
    { name: header, values: [header, 1, 2, 3, 4] },
    { name: `${header} (2)`, values: [header, 5, 6, 7, 8] },
    { name: `${header} (3)`, values: [header, 9] },
  ]);
});

test('no two sheets share a name, whatever their titles and however long each goes on', async () => {
  const numbered: XlsxColumn<Row>[] = [{ header: 'sheetDefault', value: (row) => row.n }];
  const sheet = (from: number) => ({
    name: 'sheetDefault' as const,
    columns: numbered,
    pages: pagesOf([{ n: from }, { n: from + 1 }, { n: from + 2 }]),
  });
  // two sheets of the same title, each of three rows where a sheet holds two
  const { workbook } = await workbookOf(await workbookStream('en-US', [sheet(1), sheet(11)], 3));
  expect(workbook.worksheets.map((each) => [each.name, each.getRow(2).getCell(1).value])).toEqual([
    ['Sheet1', 1],
    ['Sheet1 (2)', 3],
    ['Sheet1 (3)', 11],
    ['Sheet1 (4)', 13],
  ]);
});

test('a sheet that fills exactly is not followed by an empty one, and an export of no rows has its header', async () => {
  const numbered: XlsxColumn<Row>[] = [{ header: 'sheetDefault', value: (row) => row.n }];
  const full = await workbookOf(
    await workbookStream(
      'en-US',
      [{ name: 'sheetDefault', columns: numbered, pages: pagesOf([{ n: 1 }], [{ n: 2 }]) }],
      3,
    ),
  );
  expect(full.workbook.worksheets.map((sheet) => sheet.rowCount)).toEqual([3]);
  const empty = await workbookOf(
    await workbookStream('en-US', [{ name: 'sheetDefault', columns: numbered, pages: pagesOf<Row>() }]),
  );
  expect(empty.workbook.worksheets.map((sheet) => sheet.getSheetValues().slice(1))).toEqual([[[undefined, 'Sheet1']]]);
});

test('text comes out as it went in: markup, formulas, Chinese and emoji as text, characters XML cannot hold left out', async () => {
  const texts = [
    '<b>Tom & "Jerry"</b>',
    '=HYPERLINK("http://evil.example","click")',
    '收件人 张三 🚚',
    '  padded  ',
    'bell\u0007 and form feed\u000C',
    'x'.repeat(40_000),
  ];
  const text: XlsxColumn<{ text: string }>[] = [
    { header: 'sheetDefault', value: (row) => row.text },
    { header: 'sheetDefault', value: () => null },
    { header: 'sheetDefault', value: () => Number.NaN },
    { header: 'sheetDefault', value: () => 12.5 },
  ];
  const { file, workbook } = await workbookOf(
    await workbookStream('zh-CN', [
      { name: 'sheetDefault', columns: text, pages: pagesOf(texts.map((t) => ({ text: t }))) },
    ]),
  );
  const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
  const column = (n: number) => texts.map((_, index) => sheet.getRow(index + 2).getCell(n).value);
  expect(column(1)).toEqual([
    '<b>Tom & "Jerry"</b>',
    '=HYPERLINK("http://evil.example","click")', // a string, never a formula
    '收件人 张三 🚚',
    '  padded  ',
    'bell and form feed',
    'x'.repeat(32_767), // Excel's longest cell
  ]);
  expect(column(2)).toEqual(texts.map(() => null));
  expect(column(3)).toEqual(texts.map(() => null));
  expect(column(4)).toEqual(texts.map(() => 12.5));
  // the header row is bold and stays in view
  expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  // every entry's CRC and sizes check out to a reader of zip files that is not ours
  expect(zipEntriesTested(file)).toContain('xl/worksheets/sheet1.xml');
});

/** `unzip -t` over the file: the names of the entries it tested OK, or a throw naming the one that is not. */
function zipEntriesTested(file: Buffer): string {
  const path = join(tmpdir(), `xlsx-${process.pid}-${Date.now()}.xlsx`);
  writeFileSync(path, file);
  try {
    return execFileSync('unzip', ['-t', path], { encoding: 'utf8' });
  } finally {
    rmSync(path);
  }
}

test('a reader that goes away stops the export: no page is asked for after it, and the pages are let go', async () => {
  let asked = 0;
  let letGo = false;
  async function* endless() {
    try {
      for (;;) {
        asked++;
        yield Array.from({ length: ROWS }, (_, index) => ({ n: asked * ROWS + index }));
        await nextTurn();
      }
    } finally {
      letGo = true;
    }
  }
  const stream = await workbookStream('en-US', [{ name: 'sheetDefault', columns, pages: endless() }]);
  let received = 0;
  for await (const chunk of stream) {
    received += (chunk as Buffer).length;
    if (received > 1024 * 1024) break; // the reader goes away (the loop's exit destroys the stream)
  }
  await expect.poll(() => letGo).toBe(true);
  const askedWhenLetGo = asked;
  await nextTurn();
  expect(asked).toBe(askedWhenLetGo);
});

test("a sheet's name is one Excel takes: no forbidden characters, at most 31 long with its number, unlike the others in any case", () => {
  expect(sheetName('Orders: May/June [2026]?', [])).toBe('Orders  May June  2026');
  const long = 'x'.repeat(40);
  expect(sheetName(long, [])).toBe('x'.repeat(31));
  expect(sheetName(long, ['X'.repeat(31)])).toBe(`${'x'.repeat(27)} (2)`);
  expect(sheetName('', [])).toBe('Sheet');
});
