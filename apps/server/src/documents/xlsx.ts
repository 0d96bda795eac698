import { PassThrough, Readable } from 'node:stream';
import type { Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import { CSV_TYPE, sendAttachment, XLSX_TYPE } from '../http/attachment.ts';
import { type MessageKey, translate } from '../i18n/messages.ts';
import { MAX_SHEET_ROWS, SheetXml, sheetName, workbookParts } from './xlsx-parts.ts';
import { ZipWriter } from './zip.ts';

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
 * gone through the deflate to the reader, so that at most a page's rows and the streams' buffers wait in
 * memory. A sheet longer than Excel's 1,048,576 rows goes on in another of the same name and " (2)".
 */
export async function workbookStream(
  locale: Locale,
  // biome-ignore lint/suspicious/noExplicitAny: each sheet has rows of its own type
  sheets: XlsxSheet<any>[],
  rowsPerSheet = MAX_SHEET_ROWS,
): Promise<PassThrough> {
  const stream = new PassThrough();
  const zip = new ZipWriter(stream);
  const write = async () => {
    const names: string[] = [];
    for (const sheet of sheets) {
      const title = translate(sheet.name, locale);
      const rows = new PageReader(sheet.pages);
      try {
        do {
          names.push(sheetName(title, names));
          await zip.addDeflated(
            `xl/worksheets/sheet${names.length}.xml`,
            sheetXml(sheet.columns, locale, rows, rowsPerSheet),
          );
        } while (await rows.more());
      } finally {
        // a reader that went away leaves the pages unread: their source is told, and lets go what it holds
        await rows.close();
      }
    }
    for (const [path, xml] of workbookParts(names)) await zip.add(path, Buffer.from(xml, 'utf8'));
    await zip.finish();
  };
  write().catch((error) => stream.destroy(error));
  return stream;
}

/** One sheet's XML in parts, a part per page: its header, then rows from `rows` until they end or it is full. */
async function* sheetXml<Row>(columns: XlsxColumn<Row>[], locale: Locale, rows: PageReader<Row>, rowsPerSheet: number) {
  const xml = new SheetXml(columns.map((column) => column.width ?? 18));
  yield xml.open() +
    xml.row(
      1,
      columns.map((column) => translate(column.header, locale)),
      true,
    );
  let number = 1;
  while (number < rowsPerSheet) {
    const page = await rows.take(rowsPerSheet - number);
    if (page.length === 0) break;
    yield page
      .map((row) =>
        xml.row(
          ++number,
          columns.map((column) => column.value(row)),
        ),
      )
      .join('');
  }
  yield xml.close();
}

/** Hands out a sheet's pages, a page cut where a sheet fills, its rest kept for the next sheet. */
class PageReader<Row> {
  private readonly pages: AsyncIterator<Row[]>;
  private held: Row[] = [];
  private ended = false;

  constructor(pages: AsyncIterable<Row[]>) {
    this.pages = pages[Symbol.asyncIterator]();
  }

  /** At most `count` rows, the next page's or the rest of the one before; none once the pages end. */
  async take(count: number): Promise<Row[]> {
    if (!(await this.more())) return [];
    const page = this.held.slice(0, count);
    this.held = this.held.slice(count);
    return page;
  }

  /** Tells the pages' source that no more are wanted (nothing happens if they ended). */
  async close(): Promise<void> {
    if (!this.ended) await this.pages.return?.();
    this.ended = true;
  }

  /** Whether rows are left, reading the next page if none is held. */
  async more(): Promise<boolean> {
    while (this.held.length === 0 && !this.ended) {
      const next = await this.pages.next();
      if (next.done) this.ended = true;
      else this.held = next.value;
    }
    return this.held.length > 0;
  }
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
