import type { BillReports } from '../types.ts';
import type { EasyPostReport } from './wire.ts';

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
    return (answer.json as EasyPostReport).id;
  },

  async read({ id }, { http }) {
    const answer = await http.send({
      operation: 'billReport',
      method: 'GET',
      path: `/v2/reports/${encodeURIComponent(id)}`,
    });
    const report = answer.json as EasyPostReport;
    if (report.status === 'empty') return { status: 'empty' };
    if (report.status === 'failed') return { status: 'failed', message: `EasyPost could not make report ${id}` };
    if (report.status !== 'available' || !report.url) return { status: 'pending' };
    const file = await http.send({ operation: 'billReport', method: 'GET', path: report.url, expect: 'bytes' });
    return {
      status: 'ready',
      file: {
        filename: `easypost-shipment-invoice-${report.start_date}-${report.end_date}.csv`,
        bytes: file.bytes ?? Buffer.alloc(0),
      },
    };
  },
};
