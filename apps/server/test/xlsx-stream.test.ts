import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import ExcelJS from 'exceljs';
import { expect, test } from 'vitest';
import { workbookStream, type XlsxColumn } from '../src/documents/xlsx.ts';

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
