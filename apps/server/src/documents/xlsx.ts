import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type { Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import { CSV_TYPE, sendAttachment, XLSX_TYPE } from '../http/attachment.ts';
import { type MessageKey, translate } from '../i18n/messages.ts';

export interface XlsxColumn<Row> {
  header: MessageKey;
  width?: number;
  value: (row: Row) => string | number | null;
}

/** One sheet of a workbook: its name and headers (message keys) and its rows, as pages. */
export interface XlsxSheet<Row> {
  name: MessageKey;
  columns: XlsxColumn<Row>[];
  pages: AsyncIterable<Row[]>;
}

/**
 * Streams an xlsx download: rows are written as the pages arrive, so an export of any size holds one page
 * in memory. Headers are in the caller's language.
 */
export function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  locale: Locale,
  columns: XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Promise<FastifyReply> {
  return sendWorkbook(reply, filename, locale, [{ name: 'sheetDefault', columns, pages }]);
}

/** Streams a workbook of several sheets, one after another, each as `sendXlsx` writes its one. */
export async function sendWorkbook(
  reply: FastifyReply,
  filename: string,
  locale: Locale,
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has rows of its own type
  sheets: XlsxSheet<any>[],
): Promise<FastifyReply> {
  return sendAttachment(reply, XLSX_TYPE, filename, await workbookStream(locale, sheets));
}

/**
 * The xlsx file of `sheets` as a stream, written as it is read: a page is asked for once the one before has
 * gone on, so that at most a page's rows and the streams' buffers wait in memory.
 */
export async function workbookStream(
  locale: Locale,
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has rows of its own type
  sheets: XlsxSheet<any>[],
): Promise<PassThrough> {
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const write = async () => {
    for (const { name, columns, pages } of sheets) {
      const sheet = workbook.addWorksheet(translate(name, locale));
      sheet.columns = columns.map((column) => ({
        header: translate(column.header, locale),
        width: column.width ?? 18,
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      for await (const page of pages) {
        for (const row of page) sheet.addRow(columns.map((column) => column.value(row))).commit();
        // A slow reader holds the next page back, and so does a slow deflate of the sheet's XML.
        if (stream.writableNeedDrain) await once(stream, 'drain');
        const entry = sheetEntry(sheet);
        if (entry?._writableState?.needDrain) await once(entry, 'drain');
      }
      sheet.commit();
    }
    await workbook.commit();
  };
  write().catch((error) => stream.destroy(error));
  return stream;
}

/** The zip entry's stream that exceljs (4.4) writes a sheet's XML into, as its internals hold it. */
interface SheetEntry extends NodeJS.EventEmitter {
  _writableState?: { needDrain?: boolean };
}

/**
 * exceljs's streaming writer writes a sheet's XML into the zip entry's stream (archiver's PassThrough, fed by
 * exceljs's StreamBuf) without waiting for it: when deflating is slower than the rows come, the XML piles up
 * there (100,000 rows of 20 columns from a source as fast as memory: 100 MB held, against 15 MB with the wait
 * below; the export of a million orders peaked 67 MB above the csv of the same rows). The entry's stream
 * marks that it wants a drain once it holds more than its buffer, and the writer waits for that drain before
 * the next page. `test/xlsx-stream.test.ts` fails if a new exceljs moves it.
 */
function sheetEntry(sheet: object): SheetEntry | undefined {
  return (sheet as { _stream?: { pipes?: SheetEntry[] } })._stream?.pipes?.[0];
}

/** A CSV field: quoted when it holds a comma, a quote or a line break, and never read as a formula. */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Streams the same rows as CSV (UTF-8 with a byte-order mark, so that spreadsheet programs read it as
 * UTF-8): one page is read only when the reader has taken the one before, so a million rows hold one page.
 */
export function sendCsv<Row>(
  reply: FastifyReply,
  filename: string,
  locale: Locale,
  columns: XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): FastifyReply {
  const line = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  async function* lines() {
    yield `\uFEFF${line(columns.map((column) => translate(column.header, locale)))}`;
    for await (const page of pages) yield page.map((row) => line(columns.map((column) => column.value(row)))).join('');
  }
  return sendAttachment(reply, CSV_TYPE, filename, Readable.from(lines()));
}

/** A sheet of a few rows already read (a report's days or sellers): one page holding every row. */
export function sheetOf<Row>(name: MessageKey, rows: Row[], columns: XlsxColumn<Row>[]): XlsxSheet<Row> {
  async function* onePage() {
    yield rows;
  }
  return { name, columns, pages: onePage() };
}

/** Walks a query newest-first in pages by id, so an export never needs OFFSET over millions of rows. */
export async function* pagesById<Row extends { id: number }>(
  fetchPage: (beforeId: number | null, size: number) => Promise<Row[]>,
  size = 1000,
): AsyncIterable<Row[]> {
  let beforeId: number | null = null;
  for (;;) {
    const page = await fetchPage(beforeId, size);
    if (page.length === 0) return;
    yield page;
    if (page.length < size) return;
    beforeId = (page.at(-1) as Row).id;
  }
}

export function isoOrEmpty(ms: number | null): string {
  return ms === null ? '' : new Date(ms).toISOString();
}
