import type { Locale } from '@parcelport/shared';
import { fileNameOf, saveBlob } from '../utils/files';
import type { LabelNameBy, OrderFilter } from './orders';
import { download, http, type RequestOptions } from './request';
import type { Page } from './types';

/** Orders at volume (SPEC §2 batch tools, §4 order actions, §7 calls): import, jobs, downloads, checks. */

// ------------------------------------------------------------------ import

/** A field a sheet column can be mapped to, with its header in each language. */
export interface ImportFieldInfo {
  key: string;
  zh: string;
  en: string;
}

/** One problem of an import: the sheet row (1 = the header row), the column and the reason. */
export interface ImportError {
  row: number;
  column: string;
  field: string;
  message: string;
}

export interface ImportResult {
  batchNo: string;
  rows: number;
  orders: number;
  created: number;
  errors: ImportError[];
}

/** A sheet's header row, the field each header already matches, and the fields a sheet must have. */
export interface SheetHeaders {
  headers: string[];
  matched: Record<string, string>;
  required: string[];
}

export type ImportMapping = Record<string, string>;

/** The import template (xlsx) in the chosen language, handed to the browser. */
export function downloadImportTemplate(lang: Locale): Promise<string> {
  return downloadFile('/app/order/import/template', { lang }, `order-import-template-${lang}.xlsx`);
}

export function importFields() {
  return http.get<ImportFieldInfo[]>('/app/order/import/fields');
}

export function sheetHeaders(file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return http.post<SheetHeaders>('/app/order/import/headers', body);
}

/** Imports a sheet; the mapping (field → sheet header) goes before the file, as the server reads it. */
export function importOrders(file: File, mapping?: ImportMapping) {
  const body = new FormData();
  if (mapping && Object.keys(mapping).length > 0) body.append('mapping', JSON.stringify(mapping));
  body.append('file', file, file.name);
  return http.post<ImportResult>('/app/order/import', body);
}

/**
 * The columns an import found missing: the server stops at the header row and names each missing field
 * as the column (row 1, column = field).
 */
export function missingColumns(result: ImportResult): string[] {
  return result.errors.filter((error) => error.row === 1 && error.column === error.field).map((error) => error.field);
}

// ------------------------------------------------------------------ batch jobs

export type BatchStrategy = 'cheapest' | 'fastest';
export type JobStatus = 'queued' | 'running' | 'done' | 'cancelled' | 'failed';

export interface JobView {
  id: number;
  type: string;
  status: JobStatus;
  total: number;
  done: number;
  failed: number;
  left: number;
  createdAt: string;
  finishedAt: string | null;
}

export interface JobItem {
  orderId: number;
  orderNo: string;
  status: 'pending' | 'done' | 'failed';
  /** A done label: JSON {trackingNo, rate, serviceName}; a done estimate: JSON list of services; a failure: why. */
  message: string | null;
}

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
}

export const isJobFinished = (status: JobStatus | undefined) =>
  status === 'done' || status === 'cancelled' || status === 'failed';

export function startBatchEstimate(ids: number[]) {
  return http.post<{ jobId: number }>('/app/order/batchEstimateRateMix', { ids });
}

export function startBatchLabels(body: { ids: number[]; strategy: BatchStrategy; serviceId?: number }) {
  return http.post<{ jobId: number }>('/app/order/label/batchCreateMix', body);
}

export function jobProgress(id: number) {
  return http.get<JobView>(`/app/jobs/${id}`, undefined, { isHideMsg: true });
}

export function jobItems(id: number, query: { status?: JobItem['status']; page?: number; pageSize?: number } = {}) {
  return http.get<Page<JobItem>>(`/app/jobs/${id}/items`, { page: 1, pageSize: 1000, ...query });
}

export function cancelJob(id: number) {
  return http.post<null>(`/app/jobs/${id}/cancel`);
}

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

export function selectionParams(selection: Selection): RequestOptions['params'] {
  if ('ids' in selection) return { ids: selection.ids.join(',') };
  return { ...selection.filter };
}

/** Downloads a file through the request client (bearer token, download mode) and hands it to the browser. */
export async function downloadFile(url: string, params: RequestOptions['params'], fallback: string): Promise<string> {
  const response = await download(url, { params });
  const name = fileNameOf(response.headers.get('content-disposition'), fallback);
  saveBlob(await response.blob(), name);
  return name;
}

/** The labels as a zip: one PDF per order, named by order number or tracking number. */
export function downloadLabelsZip(selection: Selection, nameBy: LabelNameBy) {
  return downloadFile('/app/order/label/downZip', { ...selectionParams(selection), nameBy }, 'labels.zip');
}

/** The labels merged into one PDF (one 4x6 page per parcel). */
export function downloadLabelsPdf(selection: Selection) {
  return downloadFile('/app/order/label/downPdf', selectionParams(selection), 'labels.pdf');
}

/** The filtered list as xlsx. */
export function exportOrders(selection: Selection) {
  return downloadFile('/app/order/order/down', selectionParams(selection), 'orders.xlsx');
}

/** The end-of-day manifest of the selected labels, or of one day's labels (YYYY-MM-DD). */
export function downloadManifest(target: { ids: number[] } | { date: string }) {
  const params = 'ids' in target ? { ids: target.ids.join(',') } : { date: target.date };
  return downloadFile('/app/order/createManifest', params, 'manifest.pdf');
}

// ------------------------------------------------------------------ addresses

/** The address mark of an order: 0 not checked, 1 valid, 2 valid with corrections suggested, 3 invalid. */
export type AddressStatus = 0 | 1 | 2 | 3;

export interface AddressCheckResult {
  id: number;
  orderNo: string;
  status: 1 | 2 | 3;
  note: string;
  check: {
    issues: { field: string; code: string; severity: string; message: string }[];
    suggestion: Record<string, string>;
  };
}

export interface AddressBatchResult {
  valid: number;
  corrected: number;
  invalid: number;
  results: AddressCheckResult[];
}

export function validateAddresses(ids: number[]) {
  return http.post<AddressBatchResult>('/app/user/address/validate/batch', { ids });
}

// ------------------------------------------------------------------ zones

export interface ZoneAnswer {
  zone: number;
  source: 'chart' | 'distance';
  miles: number | null;
  fee: string;
  balanceAfter: string;
}

/** A paid zone query (SPEC §9: 0.10 USD); refusals are shown by the screen itself. */
export function queryZone(originZip: string, destinationZip: string) {
  return http.post<ZoneAnswer>('/app/zone/query', { originZip, destinationZip }, { isHideMsg: true });
}

// ------------------------------------------------------------------ tracking

export interface TrackingEvent {
  status: number;
  state: string;
  description: string;
  location: string;
  time: string;
}

export interface TrackedParcel {
  trackingNo: string;
  found: boolean;
  orderId: number | null;
  orderNo: string | null;
  carrierCode: string | null;
  serviceName: string | null;
  status: number;
  state: string;
  events: TrackingEvent[];
}

/** Up to 40 numbers per query (the server's limit). */
export const TRACKING_QUERY_LIMIT = 40;

/** Tracking numbers pasted in any form: one per line, or separated by commas, spaces or semicolons. */
export function parseTrackingNumbers(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;，；]+/)
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

export function trackParcels(numbers: string[], refresh = false) {
  return http.get<TrackedParcel[]>('/app/tracking/query', {
    numbers: numbers.join(','),
    refresh: refresh ? 'true' : undefined,
  });
}

export function subscribeTracking(body: { trackingNo: string; email?: string; webhookUrl?: string }) {
  return http.post<null>('/app/tracking/subscribe', body);
}

export const trackingPath = (numbers: string | string[]) =>
  `/tracking?numbers=${encodeURIComponent(Array.isArray(numbers) ? numbers.join(',') : numbers)}`;
