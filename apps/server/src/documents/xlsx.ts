import { PassThrough } from 'node:stream';
import type { Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import { sendAttachment, XLSX_TYPE } from '../http/attachment.ts';
import { type MessageKey, translate } from '../i18n/messages.ts';

export interface XlsxColumn<Row> {
  header: MessageKey;
  width?: number;
  value: (row: Row) => string | number | null;
}

/**
 * Streams an xlsx download: rows are written as the pages arrive, so an export of any size holds one page
 * in memory. Headers are in the caller's language.
 */
export async function sendXlsx<Row>(
  reply: FastifyReply,
  filename: string,
  locale: Locale,
  columns: XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): Promise<FastifyReply> {
  const { default: ExcelJS } = await import('exceljs'); // loaded on first use
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.columns = columns.map((column) => ({ header: translate(column.header, locale), width: column.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const write = async () => {
    for await (const page of pages) {
      for (const row of page) sheet.addRow(columns.map((column) => column.value(row))).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error) => stream.destroy(error));
  return sendAttachment(reply, XLSX_TYPE, filename, stream);
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
