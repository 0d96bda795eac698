import { PassThrough, Readable } from 'node:stream';
import { type Locale, readerName } from '@parcelport/shared';
import type { LabelNameBy } from '@parcelport/shared/contracts/orders/schemas';
import type { AppContext } from '../../context.ts';
import { AppError, invalidFields } from '../../core/errors.ts';
import type { Scope } from '../../core/scope.ts';
import { isSqlite } from '../../db/columns.ts';
import type { Db } from '../../db/index.ts';
import { labelPagesPdf } from '../../documents/carrier-pdf.ts';
import { renderLabelsPdfStream } from '../../documents/label-pdf.ts';
import { renderManifestPdf } from '../../documents/manifest.ts';
import {
  itemsOfContents,
  type PackingSlip,
  renderPackingSlips,
  renderPickList,
  type SlipBrand,
  type SlipItem,
  type SlipPage,
  type SlipWords,
} from '../../documents/packing-slip.ts';
import type { XlsxColumn } from '../../documents/xlsx.ts';
import { ZipWriter } from '../../documents/zip.ts';
import { type MessageKey, translate } from '../../i18n/messages.ts';
import { effectiveBrand, logoOf } from '../branding/index.ts';
import {
  bulkFormatOf,
  labelNameOf,
  labelsOfOrder,
  type OrderRow,
  orderLabelFile,
  orderListItem,
  parseAddress,
  type Selection,
  selectedOrders,
  selectionHasCarrierLabels,
} from '../orders/index.ts';
import { carrierForms, type ManifestedOrder } from './carrier-forms.ts';

/** Bulk downloads (docs/spec.md §4): labels as a zip or one merged PDF, the order list as xlsx, a manifest. */

/** Today as YYYY-MM-DD (UTC), for file names and the default manifest day. */
export const today = () => new Date().toISOString().slice(0, 10);

/**
 * Orders read at a time by a download that draws their labels (selectedOrders' `chunk`), on SQLite: eight labels
 * are drawn within one young-generation collection or two, so the rows die young instead of being promoted to
 * the old generation (a 10,000-label zip promoted 77 MB with pages of 200, 59 MB with 16, 7 MB with 8). On
 * PostgreSQL the pages stay whole: its rows are smaller (39 MB promoted with pages of 200), and a round trip per
 * eight orders promoted more than it saved (53 MB) and slowed the download (bench/README.md, 2026-11-29).
 */
const drawnChunk = (db: Db) => (isSqlite(db) ? 8 : undefined);

/**
 * The selection's labels as a zip, one file per order named by order or tracking number, written as
 * drawn: a PDF, or the carrier's ZPL when it issued the label as ZPL.
 */
export function labelsZip(ctx: AppContext, scope: Scope, selection: Selection, nameBy: LabelNameBy): Readable {
  const stream = new PassThrough();
  const zip = new ZipWriter(stream);
  (async () => {
    for await (const page of selectedOrders(ctx.db, scope, selection, true, drawnChunk(ctx.db))) {
      for (const { order, parcels } of page) {
        const file = await orderLabelFile(ctx.storage, order, parcels, bulkFormatOf(parcels));
        if (!file) continue;
        await zip.add(`${labelNameOf(order, nameBy)}.${file.format}`, file.bytes);
        // Back to the event loop after each file: other requests get their turn, and each finished
        // PDF document (which stream callbacks queued with process.nextTick still hold) is let go
        // before the next is drawn. Without it a zip on SQLite ran as one long chain of promises,
        // keeping all its documents (~100 KB each) until the end.
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
    await zip.finish();
  })().catch((error) => stream.destroy(error));
  return stream;
}

/**
 * The selection's labels merged into one PDF (4x6 pages), written as drawn. When carriers issued some of
 * them, their pages are copied in among the drawn ones (the whole file is made before it is sent);
 * a carrier's ZPL labels cannot be part of a PDF and are left out.
 */
export async function mergedLabelsPdf(
  ctx: AppContext,
  scope: Scope,
  selection: Selection,
  withSlips = false,
): Promise<Readable> {
  if (withSlips || (await selectionHasCarrierLabels(ctx.db, scope, selection)))
    return mixedLabelsPdf(ctx, scope, selection, withSlips);
  const orders = selectedOrders(ctx.db, scope, selection, true, drawnChunk(ctx.db));
  async function* selected() {
    for await (const page of orders) for (const { order, parcels } of page) yield* labelsOfOrder(order, parcels);
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
  return stream;
}

/** The labels (and, `withSlips`, each order's 4x6 packing slip after its label) copied into one PDF. */
async function mixedLabelsPdf(ctx: AppContext, scope: Scope, selection: Selection, withSlips: boolean) {
  const brands = new Map<number, SlipBrand>();
  let labels = 0;
  async function* parts() {
    for await (const page of selectedOrders(ctx.db, scope, selection, true, drawnChunk(ctx.db))) {
      for (const { order, parcels } of page) {
        if (bulkFormatOf(parcels) === 'zpl') continue;
        const file = await orderLabelFile(ctx.storage, order, parcels, 'pdf');
        if (!file) continue;
        labels += 1;
        yield { format: 'pdf' as const, bytes: file.bytes };
        if (!withSlips) continue;
        const brand = brands.get(order.user_id) ?? (await slipBrandOf(ctx, order.user_id));
        brands.set(order.user_id, brand);
        yield { format: 'pdf' as const, bytes: await renderPackingSlips([packingSlipOf(order)], brand, '4x6') };
      }
    }
  }
  const pdf = await labelPagesPdf(parts());
  if (withSlips && labels === 0) throw new AppError(422, 'noLabelsSelected');
  return Readable.from([pdf]);
}

export type OrderExportRow = ReturnType<typeof orderListItem> & { parcelCount: number };

/** The order list's rows for the xlsx export, page by page. */
export async function* orderExportRows(db: Db, scope: Scope, selection: Selection) {
  for await (const page of selectedOrders(db, scope, selection, false)) {
    yield page.map(({ order, parcels }): OrderExportRow => ({ ...orderListItem(order), parcelCount: parcels.length }));
  }
}

/** The export's columns, headed in the caller's language. */
export function orderExportColumns(locale: Locale): XlsxColumn<OrderExportRow>[] {
  const status = (code: number) => translate(`orderStatus${code}` as MessageKey, locale);
  return [
    { header: 'colOrderNo', width: 20, value: (r) => r.orderNo },
    { header: 'colTracking', width: 26, value: (r) => r.tackNo ?? '' },
    { header: 'colStatus', width: 14, value: (r) => status(r.status) },
    { header: 'colTestLabel', width: 10, value: (r) => (r.isTest ? '✓' : '') },
    { header: 'colService', width: 28, value: (r) => readerName(r.serviceName ?? '', locale) },
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
  ];
}

/**
 * An end-of-day manifest (SCAN-form style: one barcode and the parcel list) of the selected labels, or of
 * the account's labels bought on `day`, followed by the carriers' own acceptance forms for the labels
 * bought through a carrier that makes them (carrier-forms.ts). Refused, naming `ids`, when it would list
 * no parcel. A day's labels are of one mode, as the list shows them (orders/order-list-repo.ts listedMode): an API key's
 * own, a session's live ones unless asked `mode=test`.
 */
export async function manifestOf(
  ctx: AppContext,
  scope: Scope & { userId: number },
  selection: Selection,
  day: string,
): Promise<{ manifestNo: string; pdf: Buffer }> {
  const accountId = scope.userId;
  const dayStart = Date.parse(day);
  const byDay = selection.ids === undefined;
  const chosen: Selection = byDay ? { ...selection, from: dayStart, to: dayStart + 86_400_000 } : selection;
  const parcels: Parameters<typeof renderManifestPdf>[0]['parcels'] = [];
  const manifested: ManifestedOrder[] = [];
  let shipper: ReturnType<typeof parseAddress> | null = null;
  for await (const page of selectedOrders(ctx.db, scope, chosen, true)) {
    for (const { order, parcels: rows } of page) {
      if (byDay && (order.label_created_at ?? 0) < dayStart) continue;
      shipper ??= parseAddress(order.from_address);
      manifested.push({ order, parcels: rows });
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
  const manifestNo = `MF${day.replaceAll('-', '')}${String(accountId).padStart(6, '0')}${String(parcels.length).padStart(4, '0')}`;
  const own = await renderManifestPdf({
    manifestNo,
    shipDate: day,
    shipper: { ...shipper, name: shipper.personName },
    parcels,
  });
  const forms = await carrierForms(ctx, accountId, manifested, day);
  if (forms.length === 0) return { manifestNo, pdf: own };
  const pdf = await labelPagesPdf([own, ...forms].map((bytes) => ({ format: 'pdf' as const, bytes })));
  return { manifestNo, pdf };
}

/** The merchant's name and logo as their recipients see them (modules/branding), for the slips' header. */
async function slipBrandOf(ctx: AppContext, merchantId: number): Promise<SlipBrand> {
  const brand = await effectiveBrand(ctx.db, merchantId);
  return { name: brand.name, logo: await logoOf(ctx, brand) };
}

/**
 * What goes in an order's box: its recorded items (from a store, an import or the API, with their SKUs), else,
 * for an order that has none, the items its free contents text names.
 */
function slipItemsOf(order: OrderRow): SlipItem[] {
  const items = JSON.parse(order.items || '[]') as { sku: string; name: string; quantity: number }[];
  if (items.length > 0)
    return items.map((item) => ({ quantity: item.quantity, title: item.name || item.sku, sku: item.sku }));
  return itemsOfContents(String((JSON.parse(order.extra || '{}') as { description?: unknown }).description ?? ''));
}

/** Where the recipients read Chinese; a slip to anywhere else is printed in English. */
const CHINESE_READING = new Set(['CN', 'TW', 'HK', 'MO']);

/** A slip's words in `locale`. */
function slipWords(locale: Locale): SlipWords {
  const word = (key: MessageKey) => translate(key, locale);
  return {
    slip: word('slipHeading'),
    pickList: (count) => translate('slipPickList', locale, { count }),
    reference: word('slipReference'),
    tracking: word('slipTracking'),
    date: word('slipDate'),
    shipTo: word('slipShipTo'),
    quantity: word('slipQuantity'),
    sku: word('slipSku'),
    item: word('slipItem'),
    noItems: word('slipNoItems'),
  };
}

export const SLIP_WORDS: Record<Locale, SlipWords> = { 'zh-CN': slipWords('zh-CN'), 'en-US': slipWords('en-US') };

/**
 * An order as its packing slip shows it: its numbers, recipient and items, in `language` where the merchant
 * chose one, else in its recipient's (it goes in the box).
 */
function packingSlipOf(order: OrderRow, language?: Locale): PackingSlip {
  const to = parseAddress(order.to_address);
  const recipients = CHINESE_READING.has(to.countryCode.toUpperCase()) ? 'zh-CN' : 'en-US';
  return {
    words: SLIP_WORDS[language ?? recipients],
    orderNo: order.order_no,
    reference: order.reference1,
    trackingNo: order.tracking_no,
    date: new Date(Number(order.label_created_at ?? order.created_at)).toISOString().slice(0, 10),
    shipTo: [
      to.personName,
      to.company ?? '',
      [to.addressLine1, to.addressLine2].filter(Boolean).join(', '),
      `${to.city}, ${to.stateCode} ${to.zipCode}`,
    ].filter(Boolean),
    items: slipItemsOf(order),
  };
}

/**
 * Packing slips of the selected orders (drafts too: a box is often packed before its label), one page each,
 * each in its recipient's language unless `language` is given; or their pick list, in `language` else the
 * reader's (`reader`: it stays in the warehouse). Refused, naming `ids`, when the selection holds no order.
 */
export async function packingSlipsPdf(
  ctx: AppContext,
  scope: Scope,
  selection: Selection,
  options: { size: SlipPage; kind: 'slips' | 'pickList'; language?: Locale; reader: Locale },
): Promise<Buffer> {
  const slips: PackingSlip[] = [];
  let merchantId: number | null = null;
  for await (const page of selectedOrders(ctx.db, scope, selection, false)) {
    for (const { order } of page) {
      merchantId ??= order.user_id;
      slips.push(packingSlipOf(order, options.language));
    }
  }
  if (merchantId === null) throw invalidFields({ ids: 'slipsEmpty' });
  const brand = await slipBrandOf(ctx, merchantId);
  return options.kind === 'pickList'
    ? renderPickList(slips, brand, options.size, SLIP_WORDS[options.language ?? options.reader])
    : renderPackingSlips(slips, brand, options.size);
}
