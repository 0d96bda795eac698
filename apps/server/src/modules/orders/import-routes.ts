import { LOCALES } from '@parcelport/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readSheet } from '../../carriers/ratecard/import.ts';
import type { AppContext } from '../../context.ts';
import { authOf } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { invalidFields } from '../../http/errors.ts';
import { SHEET_LIMITS, sheetOf } from '../../http/sheet-upload.ts';
import { localeOf } from '../../i18n/messages.ts';
import {
  IMPORT_FIELDS,
  type ImportField,
  importOrders,
  importTemplate,
  matchColumns,
  REQUIRED_IMPORT_FIELDS,
} from './import.ts';

const fieldKeys = IMPORT_FIELDS.map((field) => field.key) as [ImportField, ...ImportField[]];
const mappingSchema = z.partialRecord(z.enum(fieldKeys), z.string().max(100));

/** The `mapping` field: JSON of field → header ('' for none); anything else is a 400 naming it. */
function mappingOf(value: unknown): Partial<Record<ImportField, string>> {
  let json: unknown;
  try {
    json = JSON.parse(String(value || '{}'));
  } catch {
    throw invalidFields({ mapping: 'mappingInvalid' });
  }
  const parsed = mappingSchema.safeParse(json);
  if (!parsed.success) throw invalidFields({ mapping: 'mappingInvalid' });
  return parsed.data;
}

export function importRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/app/order/import/template',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['import'],
          summary: 'The order import template (xlsx) in the chosen language',
          querystring: z.object({ lang: z.enum(LOCALES).optional() }),
        },
      },
      async (request, reply) => {
        const locale = request.query.lang ?? localeOf(request.headers['accept-language']);
        return reply
          .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="order-import-template-${locale}.xlsx"`)
          .send(await importTemplate(locale));
      },
    );

    app.get(
      '/app/order/import/fields',
      {
        config: { scope: 'own' },
        schema: { tags: ['import'], summary: 'The fields a sheet column can be mapped to, with their header names' },
      },
      async () => ok(IMPORT_FIELDS.map(({ key, zh, en }) => ({ key, zh, en }))),
    );

    app.post(
      '/app/order/import/headers',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['import'],
          summary:
            "A sheet's header row (multipart `file`, xlsx or csv), the field each header already matches, and the required fields: for the column mapping form",
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        let upload: { filename: string; bytes: Buffer } | null = null;
        for await (const part of request.parts(SHEET_LIMITS)) {
          if (part.type === 'file') upload = await sheetOf(part);
        }
        if (!upload) throw invalidFields({ file: 'sheetMissing' });
        const headers = ((await readSheet(upload.bytes, upload.filename))[0] ?? []).map((cell) => cell.trim());
        const matched: Partial<Record<ImportField, string>> = {};
        for (const [field, index] of matchColumns(headers, {})) matched[field] = headers[index] ?? '';
        return ok({ headers: headers.filter(Boolean), matched, required: REQUIRED_IMPORT_FIELDS });
      },
    );

    app.post(
      '/app/order/import',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['import'],
          summary:
            'Import orders from xlsx or csv (multipart `file`, optional `mapping` JSON of field → header, sent before the file): valid orders become drafts under one batch number; errors name row, column and reason',
          consumes: ['multipart/form-data'],
        },
      },
      async (request) => {
        let mapping: Partial<Record<ImportField, string>> = {};
        let upload: { filename: string; bytes: Buffer } | null = null;
        for await (const part of request.parts(SHEET_LIMITS)) {
          if (part.type === 'field' && part.fieldname === 'mapping') mapping = mappingOf(part.value);
          else if (part.type === 'file') upload = await sheetOf(part);
        }
        if (!upload) throw invalidFields({ file: 'sheetMissing' });
        const result = await importOrders(
          ctx,
          authOf(request).userId,
          upload,
          mapping,
          localeOf(request.headers['accept-language']),
        );
        return ok(result);
      },
    );
  };
}
