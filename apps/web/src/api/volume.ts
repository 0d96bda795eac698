import type { KeyMode, Locale } from '@parcelport/shared';
import * as addresses from '@parcelport/shared/contracts/addresses/index';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as contracts from '@parcelport/shared/contracts/volume/index';
import { saveResponse } from '../utils/files';
import { call } from './call';
import type { LabelNameBy, OrderFilter } from './orders';

export type { TrackedParcel, TrackingEventView as TrackingEvent } from '@parcelport/shared/contracts/tracking/schemas';
/**
 * Orders at volume (docs/spec.md §2 batch tools, §4 order actions, §7 calls): import, jobs, downloads,
 * address checks, zones, tracking; the shapes are the contracts'.
 */
export type {
  ImportError,
  ImportFieldInfo,
  ImportResult,
  JobItem,
  JobStatus,
  JobView,
  SheetHeaders,
} from '@parcelport/shared/contracts/volume/schemas';

// ------------------------------------------------------------------ import

/** Field → sheet header, as the mapping form builds it. */
export type ImportMapping = Record<string, string>;

/** The import template (xlsx) in the chosen language, handed to the browser. */
export const downloadImportTemplate = async (lang: Locale) =>
  saveResponse(await call(contracts.importTemplate, { query: { lang } }), `order-import-template-${lang}.xlsx`);

function sheetForm(file: File, mapping?: ImportMapping): FormData {
  const body = new FormData();
  // The mapping goes before the file: the server reads the parts in order.
  if (mapping && Object.keys(mapping).length > 0) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file, file.name);
  return body;
}

export const sheetHeaders = (file: File) => call(contracts.readSheetHeaders, { body: sheetForm(file) });

export const importOrders = (file: File, mapping?: ImportMapping) =>
  call(contracts.importOrders, { body: sheetForm(file, mapping) });

/**
 * The columns an import found missing: the server stops at the header row and names each missing field
 * as the column (row 1, column = field).
 */
export function missingColumns(result: contracts.ImportResult): string[] {
  return result.errors.filter((error) => error.row === 1 && error.column === error.field).map((error) => error.field);
}

// ------------------------------------------------------------------ batch jobs

export type BatchStrategy = 'cheapest' | 'fastest';

/** One service of a batch estimate item. */
export interface EstimatedService {
  serviceId: number;
  serviceName: string;
  available: boolean;
  reason: string | null;
  totalCents: number;
  deliveryDays: number | null;
  cheapest: boolean;
  fastest: boolean;
  /** Present when the order's rule gave it a service choice: whether this is the line that choice picks. */
  byRule?: boolean;
}

export const isJobFinished = (status: contracts.JobStatus | undefined) =>
  status === 'done' || status === 'cancelled' || status === 'failed';

/** Polled while the job runs, so its failures stay quiet. */
export const jobProgress = (id: number) => call(contracts.getJob, { params: { id } }, { isHideMsg: true });

/** A message as JSON, or null when it is not (a failure's reason is plain text). */
export function parseItemMessage<T>(message: string | null): T | null {
  if (!message) return null;
  try {
    return JSON.parse(message) as T;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ downloads

/** What a download covers: the selected orders, or (none selected) every order the list's filters match. */
export type Selection = { ids: number[] } | { filter: OrderFilter };

export function selectionQuery(selection: Selection) {
  if ('ids' in selection) return { ids: selection.ids.join(',') };
  return { ...selection.filter };
}

/** The labels as a zip: one PDF per order, named by order number or tracking number. */
export const downloadLabelsZip = async (selection: Selection, nameBy: LabelNameBy) =>
  saveResponse(
    await call(contracts.downloadLabelsZip.app, { query: { ...selectionQuery(selection), nameBy } }),
    'labels.zip',
  );

/** The labels merged into one PDF (one 4x6 page per parcel); `withSlips`, each followed by its packing slip. */
export const downloadLabelsPdf = async (selection: Selection, withSlips = false) =>
  saveResponse(
    await call(contracts.downloadLabelsPdf.app, {
      query: { ...selectionQuery(selection), withSlips: withSlips ? 'true' : undefined },
    }),
    withSlips ? 'labels-with-slips.pdf' : 'labels.pdf',
  );

/** Packing slips at a thermal printer's size or a sheet's, or the pick list of their items. */
export type SlipsChoice = { kind: 'slips' | 'pickList'; size: '4x6' | 'letter' };

/** The packing slips (one page per order) or the pick list of the selection. */
export const downloadPackingSlips = async (selection: Selection, { kind, size }: SlipsChoice) =>
  saveResponse(
    await call(contracts.downloadPackingSlips, { query: { ...selectionQuery(selection), kind, size } }),
    kind === 'pickList' ? 'pick-list.pdf' : 'packing-slips.pdf',
  );

/** The filtered list as xlsx. */
export const exportOrders = async (selection: Selection) =>
  saveResponse(await call(contracts.exportOrders.app, { query: selectionQuery(selection) }), 'orders.xlsx');

/**
 * The end-of-day manifest of the selected labels, or of one day's labels (YYYY-MM-DD) of the list's mode: live,
 * or test when the list shows test data (issue 31).
 */
export async function downloadManifest(target: { ids: number[] } | { date: string; mode?: KeyMode }) {
  const query = 'ids' in target ? { ids: target.ids.join(',') } : { date: target.date, mode: target.mode };
  return saveResponse(await call(contracts.downloadManifest, { query }), 'manifest.pdf');
}

// ------------------------------------------------------------------ addresses

export type AddressBatchResult = AnswerOf<typeof addresses.validateOrderAddresses>;
export type AddressCheckResult = AddressBatchResult['results'][number];

// ------------------------------------------------------------------ zones

export type ZoneAnswer = AnswerOf<typeof addresses.queryZone>;

/** A paid zone query (docs/spec.md §9: 0.10 USD); refusals are shown by the screen itself. */
export const queryZone = (originZip: string, destinationZip: string) =>
  call(addresses.queryZone, { body: { originZip, destinationZip } }, { isHideMsg: true });

// ------------------------------------------------------------------ tracking

export const trackingPath = (numbers: string | string[]) =>
  `/tracking?numbers=${encodeURIComponent(Array.isArray(numbers) ? numbers.join(',') : numbers)}`;
