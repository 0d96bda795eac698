/** Carrier bills (docs/spec.md §2 /maintenance/supplementaryAmount, docs/bills.md): import, preview, post. */
import { z } from 'zod';
import { idParams, pageQuery } from '../common.ts';
import { defineContract } from '../contract.ts';
import {
  billDisputesQuery,
  billHeadersView,
  billLinePage,
  billLinesQuery,
  billLineView,
  billListQuery,
  billMappingView,
  billPage,
  billPresetView,
  billPreviewView,
  billReportBody,
  billReportPage,
  billReportQuery,
  billReportView,
  billView,
  disputeAnswerBody,
  disputeBody,
  disputeRejectBody,
  myBillLinePage,
  myBillLineView,
  reconciliationQuery,
  reconciliationView,
  unexplainedLinesQuery,
  writeOffBody,
} from './schemas.ts';

export * from './schemas.ts';

/**
 * Bills touch every merchant's wallet: only platform-wide staff holding the maintenance code reach them
 * (a seller's or proxy's call is refused, not narrowed).
 */
const BILLS = { tags: ['bills'], access: { codes: ['adminChannel'] }, scope: 'ownCustomers' } as const;

export const listBillPresets = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/presets',
  summary: 'The bill formats known by their headers (EasyPost, ShipEngine, UPS, FedEx, USPS, generic)',
  answer: z.array(billPresetView),
});

export const getBillMapping = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/channels/:id(^\\d+)/mapping',
  summary: "The preset and column mapping last used for a channel's bills (the generic preset before any)",
  params: idParams,
  answer: billMappingView,
});

export const readBillHeaders = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/headers',
  summary:
    "A bill file's header row (multipart: preset, mapping JSON, then the file), the field each header matches with the preset, and the required fields: for the column mapping form",
  body: 'multipart',
  readOnly: true,
  answer: billHeadersView,
});

export const previewBill = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/preview',
  summary:
    'Upload a bill (multipart: channelId, preset, amountKind, mapping JSON, then the xlsx or csv file): every line matched by tracking number and classified; nothing is charged. The same file again answers the bill it made',
  body: 'multipart',
  answer: billPreviewView,
});

export const requestBillReport = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/reports',
  summary:
    "Ask the channel's carrier for its bill of the labels of a span of days (a carrier that makes one: EasyPost's shipment invoice report); once made it is read into a bill to preview, as an uploaded file is",
  body: billReportBody,
  answer: billReportView,
});

export const listBillReports = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/reports',
  summary: 'Bills asked of the carriers, newest first: still being made, read into a bill, empty or failed',
  query: billReportQuery,
  answer: billReportPage,
});

export const listBills = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills',
  summary: 'Bills uploaded, newest first, with their counts and figures',
  query: billListQuery,
  answer: billPage,
});

export const getBill = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/:id(^\\d+)',
  summary: 'One bill with its counts and figures',
  params: idParams,
  answer: billView,
});

export const listBillLines = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/:id(^\\d+)/lines',
  summary: "A bill's lines in file order, by kind or tracking number: declared beside billed, and what posting did",
  params: idParams,
  query: billLinesQuery,
  answer: billLinePage,
});

export const listUnexplainedBillLines = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/unexplained',
  summary:
    "Bill lines left unexplained, newest first (every channel's, or one's; one reason or all): unmatched, billed twice, not posted, on a voided label undecided, disputed",
  query: unexplainedLinesQuery,
  answer: billLinePage,
});

export const postBill = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/:id(^\\d+)/post',
  summary:
    'Post a previewed bill: each adjustment a deduction (and the wrong-size penalty) taken down to the credit limit, the rest owed; each credit a refund; earnest released. A line is never charged twice, nor a bill posted twice',
  params: idParams,
  answer: billView,
});

export const listMyBillLines = defineContract({
  method: 'GET',
  path: '/app/bills/lines',
  summary:
    "The caller's carrier bill deductions, penalties and refunds: declared beside measured, what was taken and what is owed",
  tags: ['bills'],
  access: 'signedIn',
  scope: 'own',
  query: pageQuery,
  answer: myBillLinePage,
});

export const disputeBillLine = defineContract({
  method: 'POST',
  path: '/app/bills/lines/:id(^\\d+)/dispute',
  summary: 'Dispute a posted deduction: a billing work order opened with the line, for staff to accept or reject',
  tags: ['bills'],
  access: 'signedIn',
  scope: 'own',
  params: idParams,
  body: disputeBody,
  answer: myBillLineView,
});

export const listBillDisputes = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/disputes',
  summary: 'Disputed bill lines, open first, with their evidence and work orders',
  query: billDisputesQuery,
  answer: billLinePage,
});

export const acceptBillDispute = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/lines/:id(^\\d+)/accept',
  summary:
    'Accept a dispute: what the line took is given back (a refund row), what it left owed is forgiven, the work order closed',
  params: idParams,
  body: disputeAnswerBody,
  answer: billLineView,
});

export const rejectBillDispute = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/lines/:id(^\\d+)/reject',
  summary: 'Reject a dispute with the reason, answered on the work order, which is closed',
  params: idParams,
  body: disputeRejectBody,
  answer: billLineView,
});

export const billReconciliation = defineContract({
  ...BILLS,
  method: 'GET',
  path: '/admin/bills/reconciliation',
  summary:
    "A channel's labels day by day against its bills: cost, charges, adjustments, credits, what the merchants paid back, the margin; and what the span's bills leave unexplained",
  query: reconciliationQuery,
  answer: reconciliationView,
});

export const chargeVoidedBillLine = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/lines/:id(^\\d+)/charge',
  summary:
    "Charge the merchant for a line billed on a voided label: the label's price again plus the adjustment through the merchant's pricing rule (and the wrong-size penalty), taken down to the credit limit, the rest owed",
  params: idParams,
  answer: billLineView,
});

export const writeOffBillLine = defineContract({
  ...BILLS,
  method: 'POST',
  path: '/admin/bills/lines/:id(^\\d+)/writeOff',
  summary:
    'Write off a line billed on a voided label as a claim against the carrier, with the reason: no merchant is charged',
  params: idParams,
  body: writeOffBody,
  answer: billLineView,
});
