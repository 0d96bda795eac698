import * as contracts from '@parcelport/shared/contracts/volume/index';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { sendCsv, sendXlsx } from '../../documents/xlsx.ts';
import { LABEL_TYPES, sendAttachment } from '../../http/attachment.ts';
import { authOf } from '../../http/auth.ts';
import { bind } from '../../http/contract-route.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf } from '../../i18n/messages.ts';
import { withReviewThresholds } from '../orders/index.ts';
import {
  labelsZip,
  manifestOf,
  mergedLabelsPdf,
  orderExportColumns,
  orderExportRows,
  packingSlipsPdf,
  today,
} from './downloads.ts';

/**
 * Bulk downloads (docs/spec.md §4), each for a customer's own orders and for staff on their customers'; a
 * filtered selection holds exactly what the list shows for its filters (the review thresholds too).
 */
export function downloadRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    for (const family of ['app', 'admin'] as const) {
      bind(app, contracts.downloadLabelsZip[family], async (request, reply) => {
        const { nameBy, ...selection } = request.query;
        const zip = labelsZip(ctx, scopeOf(request), await withReviewThresholds(ctx, selection), nameBy);
        return sendAttachment(reply, 'application/zip', `labels-${today()}.zip`, zip);
      });

      bind(app, contracts.downloadLabelsPdf[family], async (request, reply) => {
        const { withSlips, ...selection } = request.query;
        const pdf = await mergedLabelsPdf(
          ctx,
          scopeOf(request),
          await withReviewThresholds(ctx, selection),
          withSlips === true,
        );
        return sendAttachment(reply, LABEL_TYPES.pdf, `labels-${today()}.pdf`, pdf);
      });

      bind(app, contracts.exportOrders[family], async (request, reply) => {
        const locale = localeOf(request.headers['accept-language']);
        const { format, ...selection } = request.query;
        const rows = orderExportRows(ctx.db, scopeOf(request), await withReviewThresholds(ctx, selection));
        const send = format === 'csv' ? sendCsv : sendXlsx;
        return send(reply, `orders-${today()}.${format}`, locale, orderExportColumns(locale), rows);
      });
    }

    bind(app, contracts.downloadPackingSlips, async (request, reply) => {
      const { size, kind, language, ...selection } = request.query;
      const pdf = await packingSlipsPdf(ctx, scopeOf(request), await withReviewThresholds(ctx, selection), {
        size,
        kind,
        language,
        reader: localeOf(request.headers['accept-language']),
      });
      return sendAttachment(
        reply,
        LABEL_TYPES.pdf,
        `${kind === 'pickList' ? 'pick-list' : 'packing-slips'}-${today()}.pdf`,
        pdf,
      );
    });

    bind(app, contracts.downloadManifest, async (request, reply) => {
      const { date, ...selection } = request.query;
      const scope = { ...scopeOf(request), userId: authOf(request).userId };
      const { manifestNo, pdf } = await manifestOf(ctx, scope, selection, date ?? today());
      return sendAttachment(reply, LABEL_TYPES.pdf, `${manifestNo}.pdf`, pdf);
    });
  };
}
