import { PassThrough } from 'node:stream';
import type { Locale } from '@parcelport/shared';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { renderLabelsPdf, renderLabelsPdfStream } from '../../documents/label-pdf.ts';
import { renderManifestPdf } from '../../documents/manifest.ts';
import { sendXlsx } from '../../documents/xlsx.ts';
import { ZipWriter } from '../../documents/zip.ts';
import { authOf } from '../../http/auth.ts';
import { idListQuery } from '../../http/envelope.ts';
import { AppError, invalidFields } from '../../http/errors.ts';
import { scopeOf } from '../../http/scope.ts';
import { localeOf, type MessageKey, translate } from '../../i18n/messages.ts';
import { type Selection, selectedOrders } from './download-repo.ts';
import { ORDER_FAMILIES } from './families.ts';
import { labelsOfOrder } from './labels.ts';
import { parseAddress } from './repo.ts';
import { orderListQuery } from './schemas.ts';
import { orderListItem } from './views.ts';

/** A selection: explicit ids, or the list filters (status, batch, dates…) of the order list. */
const selectionQuery = orderListQuery.omit({ page: true, pageSize: true }).extend({
  ids: idListQuery.optional(),
  nameBy: z.enum(['orderNo', 'trackingNo']).default('orderNo'),
});

const stamp = () => new Date().toISOString().slice(0, 10);

function attachment(reply: FastifyReply, type: string, filename: string) {
  return reply.type(type).header('content-disposition', `attachment; filename="${filename}"`);
}

/** Bulk downloads (SPEC §4): labels as a zip or one merged PDF, the order list as xlsx, a manifest. */
export function downloadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const { prefix, config } of ORDER_FAMILIES) {
      app.get(
        `${prefix}/order/label/downZip`,
        {
          config,
          schema: {
            tags: ['downloads'],
            summary: 'Labels of the selection as a zip, one PDF per order named by order or tracking number; streamed',
            querystring: selectionQuery,
          },
        },
        async (request, reply) => {
          const stream = new PassThrough();
          const zip = new ZipWriter(stream);
          const selection = request.query;
          const orders = selectedOrders(ctx.db, scopeOf(request), selection, true);
          (async () => {
            for await (const page of orders) {
              for (const { order, parcels } of page) {
                const labels = labelsOfOrder(order, parcels);
                if (labels.length === 0) continue;
                const name = selection.nameBy === 'trackingNo' ? (order.tracking_no ?? order.order_no) : order.order_no;
                await zip.add(`${name}.pdf`, await renderLabelsPdf(labels));
                // Back to the event loop after each file: other requests get their turn, and each finished
                // PDF document (which stream callbacks queued with process.nextTick still hold) is let go
                // before the next is drawn. Without it a zip on SQLite ran as one long chain of promises,
                // keeping all its documents (~100 KB each) until the end.
                await new Promise((resolve) => setImmediate(resolve));
              }
            }
            await zip.finish();
          })().catch((error) => stream.destroy(error));
          return attachment(reply, 'application/zip', `labels-${stamp()}.zip`).send(stream);
        },
      );

      app.get(
        `${prefix}/order/label/downPdf`,
        {
          config,
          schema: {
            tags: ['downloads'],
            summary: 'Labels of the selection merged into one PDF (4x6 pages); streamed',
            querystring: selectionQuery,
          },
        },
        async (request, reply) => {
          const orders = selectedOrders(ctx.db, scopeOf(request), request.query, true);
          async function* selected() {
            for await (const page of orders)
              for (const { order, parcels } of page) yield* labelsOfOrder(order, parcels);
          }
          // The first label is found before answering: a selection without one is told so, rather than
          // starting a PDF that cannot have a page.
          const labels = selected();
          const first = await labels.next();
          if (first.done) throw new AppError(422, 'noLabelsSelected');
          const firstLabel = first.value;
          async function* all() {
            yield firstLabel;
            yield* labels;
          }
          const stream = new PassThrough();
          renderLabelsPdfStream(all(), stream).catch((error) => stream.destroy(error));
          return attachment(reply, 'application/pdf', `labels-${stamp()}.pdf`).send(stream);
        },
      );

      app.get(
        `${prefix}/order/order/down`,
        {
          config,
          schema: { tags: ['downloads'], summary: 'The filtered order list as xlsx', querystring: selectionQuery },
        },
        async (request, reply) => {
          const locale: Locale = localeOf(request.headers['accept-language']);
          const status = (code: number) => translate(`orderStatus${code}` as MessageKey, locale);
          type Row = ReturnType<typeof orderListItem> & { parcelCount: number };
          async function* rows() {
            for await (const page of selectedOrders(ctx.db, scopeOf(request), request.query, false)) {
              yield page.map(({ order, parcels }): Row => ({ ...orderListItem(order), parcelCount: parcels.length }));
            }
          }
          return sendXlsx<Row>(
            reply,
            `orders-${stamp()}.xlsx`,
            locale,
            [
              { header: 'colOrderNo', width: 20, value: (r) => r.orderNo },
              { header: 'colTracking', width: 26, value: (r) => r.tackNo ?? '' },
              { header: 'colStatus', width: 14, value: (r) => status(r.status) },
              { header: 'colService', width: 28, value: (r) => r.serviceName ?? '' },
              { header: 'colRate', value: (r) => r.rate ?? '' },
              { header: 'colInsurance', value: (r) => r.insuranceFee },
              { header: 'colRecipient', width: 20, value: (r) => r.toPersonName },
              { header: 'colToAddress', width: 40, value: (r) => r.toAddress },
              { header: 'colToZip', width: 10, value: (r) => r.toZipCode },
              { header: 'colParcels', width: 8, value: (r) => r.parcelCount },
              { header: 'colReference', width: 16, value: (r) => r.reference1 },
              { header: 'colBatchNo', width: 16, value: (r) => r.batchNo ?? '' },
              { header: 'colSubmittedAt', width: 26, value: (r) => r.createdAt },
              { header: 'colLabelCreatedAt', width: 26, value: (r) => r.createdTime ?? '' },
            ],
            rows(),
          );
        },
      );
    }

    app.get(
      '/app/order/createManifest',
      {
        config: { scope: 'own' },
        schema: {
          tags: ['downloads'],
          summary:
            "An end-of-day manifest (SCAN-form style PDF: one barcode and the parcel list) for the selected or the day's labels",
          querystring: selectionQuery.extend({ date: z.iso.date().optional() }),
        },
      },
      async (request, reply) => {
        const query = request.query;
        const day = query.date ?? stamp();
        const selection: Selection = query.ids
          ? query
          : { ...query, from: Date.parse(day), to: Date.parse(day) + 86_400_000 };
        const parcels: Parameters<typeof renderManifestPdf>[0]['parcels'] = [];
        let shipper: ReturnType<typeof parseAddress> | null = null;
        for await (const page of selectedOrders(ctx.db, scopeOf(request), selection, true)) {
          for (const { order, parcels: rows } of page) {
            if (!query.ids && (order.label_created_at ?? 0) < Date.parse(day)) continue;
            shipper ??= parseAddress(order.from_address);
            for (const parcel of rows) {
              if (!parcel.tracking_no) continue;
              parcels.push({
                trackingNumber: parcel.tracking_no,
                orderNo: order.order_no,
                carrierCode: order.carrier_code ?? '',
                serviceName: order.service_name ?? '',
                weight: `${parcel.weight} ${parcel.mass_unit}`,
                toZip: order.to_zip,
              });
            }
          }
        }
        if (!shipper || parcels.length === 0) throw invalidFields({ ids: 'manifestEmpty' });
        const manifestNo = `MF${day.replaceAll('-', '')}${String(authOf(request).userId).padStart(6, '0')}${String(parcels.length).padStart(4, '0')}`;
        const pdf = await renderManifestPdf({
          manifestNo,
          shipDate: day,
          shipper: { ...shipper, name: shipper.personName },
          parcels,
        });
        return attachment(reply, 'application/pdf', `${manifestNo}.pdf`).send(pdf);
      },
    );
  };
}
