import { DEFAULT_PAGE_SIZE } from '@parcelport/shared';
import type { BillAmountKind, BillField, BillPreset } from '@parcelport/shared/contracts/bills/index';
import * as contracts from '@parcelport/shared/contracts/bills/index';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import { call } from './call';

/**
 * Carrier bills (/maintenance/supplementaryAmount, docs/bills.md): presets, a channel's remembered mapping,
 * a file's headers, preview, the list, a bill's lines, posting. The shapes are the contracts'.
 */
export type { BillLineView, BillView } from '@parcelport/shared/contracts/bills/index';

/** Field → the file's header, as the mapping form builds it. */
export type BillMapping = Partial<Record<BillField, string>>;

export interface BillUpload {
  channelId: number;
  preset: BillPreset;
  amountKind?: BillAmountKind;
  mapping: BillMapping;
  file: File;
}

/** The upload's fields go before the file: the server reads the parts in order. */
function billForm(fields: Record<string, string | undefined>, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  body.append('file', file, file.name);
  return body;
}

/** Only the headers chosen: an empty choice is left to the preset. */
const mappingJson = (mapping: BillMapping) =>
  JSON.stringify(Object.fromEntries(Object.entries(mapping).filter((entry) => !!entry[1])));

export const billHeaders = (preset: BillPreset, mapping: BillMapping, file: File) =>
  call(contracts.readBillHeaders, { body: billForm({ preset, mapping: mappingJson(mapping) }, file) });

export const previewBill = ({ channelId, preset, amountKind, mapping, file }: BillUpload) =>
  call(contracts.previewBill, {
    body: billForm({ channelId: String(channelId), preset, amountKind, mapping: mappingJson(mapping) }, file),
  });

/** Bills asked of a channel's carrier (one that makes them on request), and the list of those asked. */
export type { BillReportStatus } from '@parcelport/shared/contracts/bills/index';

export type BillReportView = AnswerOf<typeof contracts.listBillReports>['list'][number];

/** The merchant's own side (docs/bills.md): their posted lines with the evidence, and a dispute of one. */
export type { MyBillLineView } from '@parcelport/shared/contracts/bills/index';

/**
 * A page of the merchant's lines as the query cache keeps it. Its answer also carries what is owed in all:
 * the workplace reads that from the first page the fund page's table shows, so opening one after the other
 * asks once.
 */
export const myBillLinesQuery = (page = 1, pageSize: number = DEFAULT_PAGE_SIZE) => ({
  queryKey: ['myBillLines', page, pageSize],
  queryFn: () => call(contracts.listMyBillLines, { query: { page, pageSize } }),
});

/** Staff's side of disputes, and a channel's daily reconciliation (docs/bills.md). */
export type { BillDispute, ReconciliationView } from '@parcelport/shared/contracts/bills/index';
