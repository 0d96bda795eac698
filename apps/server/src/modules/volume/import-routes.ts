import * as contracts from '@parcelport/shared/contracts/volume/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendAttachment, XLSX_TYPE } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { localeOf } from '../../i18n/messages.ts';
import { IMPORT_FIELDS, importOrders, importTemplate, sheetHeaders } from './import.ts';
import { readImportUpload } from './import-upload.ts';

/** The Excel import of orders (docs/spec.md §4): its template, its fields, a sheet's headers, the import. */
export function importRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    bind(app, contracts.importTemplate, async (request, reply) => {
      const locale = request.query.lang ?? localeOf(request.headers['accept-language']);
      const name = `order-import-template-${locale}.xlsx`;
      return sendAttachment(reply, XLSX_TYPE, name, await importTemplate(locale));
    });

    bind(app, contracts.listImportFields, async () => IMPORT_FIELDS.map(({ key, zh, en }) => ({ key, zh, en })));

    bind(app, contracts.readSheetHeaders, async (request) => sheetHeaders((await readImportUpload(request)).sheet));

    bind(app, contracts.importOrders, async (request) => {
      const { sheet, mapping } = await readImportUpload(request);
      const locale = localeOf(request.headers['accept-language']);
      return importOrders(ctx, authOf(request), sheet, mapping, locale);
    });
  };
}
