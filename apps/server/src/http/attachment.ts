import type { FastifyReply } from 'fastify';

/** MIME type of a CSV sheet (UTF-8). */
export const CSV_TYPE = 'text/csv; charset=utf-8';
/** MIME type of an xlsx workbook. */
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** MIME types of the label files a download gives. */
export const LABEL_TYPES = { pdf: 'application/pdf', zpl: 'application/zpl' } as const;

/** Sends a file the browser saves under `filename` (a label, a zip, a sheet…). */
export function sendAttachment(reply: FastifyReply, type: string, filename: string, body: unknown): FastifyReply {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`).send(body);
}
