import { unzipSync } from 'fflate';
import type { BillReportState, BillReports } from '../contract/bill-reports.ts';
import { CLOCK_LEEWAY_MS } from '../upstream/answers.ts';
import { answerOf, easypostReport, easypostReports } from './wire.ts';

/** The first bytes of a zip file (its first local file header). */
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The report's file as the CSV it holds: EasyPost serves its reports zipped (every recorded `url` is a
 * `.zip`); told apart by content, so that a report served as plain CSV is read too. A zip must hold one CSV.
 */
export function reportCsv(bytes: Buffer): { csv: Buffer } | { problem: string } {
  if (!bytes.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return { csv: bytes };
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes);
  } catch (error) {
    return { problem: `its zip cannot be read (${(error as Error).message})` };
  }
  const files = Object.entries(entries).filter(([name]) => !name.endsWith('/'));
  const csvs = files.filter(([name]) => name.toLowerCase().endsWith('.csv'));
  if (files.length !== 1 || csvs.length !== 1)
    return { problem: `its zip holds ${files.map(([name]) => name).join(', ') || 'no file'}, not one CSV` };
  return { csv: Buffer.from((csvs[0] as [string, Uint8Array])[1]) };
}

/**
 * EasyPost's shipment invoice report as the channel's bill (docs/bills.md, "From the carrier"): one row per
 * shipment of the span with what the carrier finally invoiced for it and what it measured, read with the
 * `easypost` preset like a report downloaded from EasyPost's dashboard.
 */
export const easypostBillReports: BillReports = {
  preset: 'easypost',

  async request({ from, to }, { http }) {
    const answer = await http.send({
      operation: 'billReport',
      method: 'POST',
      path: '/v2/reports/shipment_invoice',
      json: { start_date: from, end_date: to },
    });
    return answerOf(easypostReport, answer, 'billReports').id;
  },

  async find({ from, to, askedAt }, { http }) {
    // EasyPost lists a type's Reports newest first (`start_datetime` bounds when they were made): the report
    // of a lost request is the newest made since it was asked for the same span.
    const since = new Date(askedAt - CLOCK_LEEWAY_MS).toISOString();
    for (let beforeId: string | undefined; ; ) {
      const answer = await http.send({
        operation: 'billReport',
        method: 'GET',
        path: '/v2/reports/shipment_invoice',
        query: { start_datetime: since, page_size: 100, before_id: beforeId },
      });
      const page = answerOf(easypostReports, answer, 'billReports');
      const report = page.reports.find((entry) => entry.start_date === from && entry.end_date === to);
      if (report) return report.id;
      beforeId = page.reports.at(-1)?.id;
      if (!page.has_more || !beforeId) return null;
    }
  },

  async read({ id }, { http }): Promise<BillReportState> {
    const answer = await http.send({
      operation: 'billReport',
      method: 'GET',
      path: `/v2/reports/${encodeURIComponent(id)}`,
    });
    const report = answerOf(easypostReport, answer, 'billReports');
    if (report.status === 'empty') return { status: 'empty' };
    if (report.status === 'failed') return { status: 'failed', message: `EasyPost could not make report ${id}` };
    if (report.status !== 'available' || !report.url) return { status: 'pending' };
    const file = await http.send({ operation: 'billReport', method: 'GET', path: report.url, expect: 'bytes' });
    const read = reportCsv(file.bytes ?? Buffer.alloc(0));
    if ('problem' in read) return { status: 'failed', message: `EasyPost report ${id}: ${read.problem}` };
    return {
      status: 'ready',
      file: { filename: `easypost-shipment-invoice-${report.start_date}-${report.end_date}.csv`, bytes: read.csv },
    };
  },
};
