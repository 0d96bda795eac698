import { z } from 'zod';
import { pageOf, pageQuery, queryId } from '../common.ts';
import { moneyView } from '../money.ts';

/**
 * Carrier bills (issue 15, docs/spec.md §2 /maintenance/supplementaryAmount): a carrier's or aggregator's bill
 * or adjustment file, its lines matched to labels by tracking number and classified, then posted to the
 * merchants' wallets.
 */

/** What a bill line can say; each preset names the columns that hold them (docs/bills.md). */
export const BILL_FIELDS = [
  'trackingNumber',
  'amount',
  'reason',
  'billedWeight',
  'weightUnit',
  'billedLength',
  'billedWidth',
  'billedHeight',
  'zone',
  'service',
  'reference',
] as const;
export type BillField = (typeof BILL_FIELDS)[number];
/** The columns a bill cannot do without. */
export const REQUIRED_BILL_FIELDS: readonly BillField[] = ['trackingNumber', 'amount'];

export const BILL_PRESETS = ['generic', 'easypost', 'shipengine', 'ups', 'fedex', 'usps'] as const;
export type BillPreset = (typeof BILL_PRESETS)[number];

/**
 * What a line's amount is: the carrier's whole charge for the label (`total`, an invoice), or the change to
 * what it charged before (`adjustment`, an adjustment report: positive billed more, negative credited).
 */
export const BILL_AMOUNT_KINDS = ['total', 'adjustment'] as const;
export type BillAmountKind = (typeof BILL_AMOUNT_KINDS)[number];

/**
 * How a line was classified: it matches what was recorded, bills more (adjustment) or less (credit), repeats
 * a line of this file or one posted before (duplicate), names no label of the channel (unmatched), or bills a
 * label voided (and refunded) meanwhile (voided): never charged by posting, staff decide it.
 */
export const BILL_LINE_KINDS = ['matches', 'adjustment', 'credit', 'duplicate', 'unmatched', 'voided'] as const;
export type BillLineKind = (typeof BILL_LINE_KINDS)[number];

/** Why the carrier billed differently: a wrong declared weight or size draws the penalty (docs/spec.md §9). */
export const BILL_CAUSES = ['weightOrSize', 'address', 'other'] as const;
export type BillCause = (typeof BILL_CAUSES)[number];

export const BILL_STATUSES = ['previewed', 'posted'] as const;

/**
 * What staff decided for a line billed on a voided label: nothing yet, charged to the merchant after all,
 * or written off as a claim against the carrier.
 */
export const BILL_RESOLUTIONS = ['none', 'charged', 'writtenOff'] as const;
export type BillResolution = (typeof BILL_RESOLUTIONS)[number];

/** A posted line's dispute: none, opened by the merchant, accepted (reversed) or rejected by staff. */
export const BILL_DISPUTES = ['none', 'open', 'accepted', 'rejected'] as const;
export type BillDispute = (typeof BILL_DISPUTES)[number];

const mappingOf = z.partialRecord(z.enum(BILL_FIELDS), z.string().max(100));

/** The parts of a bill upload besides its file (multipart fields, sent before the file). */
export const billUploadFields = z.object({
  channelId: z.coerce.number().int().positive(),
  preset: z.enum(BILL_PRESETS).default('generic'),
  amountKind: z.enum(BILL_AMOUNT_KINDS).optional(),
  /** JSON of field → the file's header, for headers the preset does not know. */
  mapping: z
    .string()
    .max(4000)
    .default('{}')
    .transform((text, ctx) => {
      try {
        const parsed = mappingOf.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {}
      ctx.addIssue({ code: 'custom', message: 'mappingInvalid' });
      return z.NEVER;
    }),
});

/** A row of the file that could not be read: its row number (as a spreadsheet shows it), column and reason. */
export const billRowError = z.object({ row: z.number(), column: z.string(), message: z.string() });

export const billCountsView = z.object(
  Object.fromEntries(BILL_LINE_KINDS.map((kind) => [kind, z.number()])) as Record<BillLineKind, z.ZodNumber>,
);

/** A bill as the list and the preview show it. */
export const billView = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  fileName: z.string(),
  preset: z.enum(BILL_PRESETS),
  amountKind: z.enum(BILL_AMOUNT_KINDS),
  status: z.enum(BILL_STATUSES),
  lines: z.number(),
  counts: billCountsView,
  /** The carrier's figures over the lines: what it billed beyond, and credited below, the recorded costs. */
  adjustments: moneyView,
  credits: moneyView,
  /** Posted: what the merchants were charged (deductions and penalties), refunded, and what stays owed. */
  charged: moneyView,
  refunded: moneyView,
  owed: moneyView,
  errors: z.array(billRowError),
  createdAt: z.string(),
  createdBy: z.string(),
  postedAt: z.string().nullable(),
  postedBy: z.string().nullable(),
});
export type BillView = z.output<typeof billView>;

/** The preview's answer: the bill, and whether this very file had been uploaded already for the channel. */
export const billPreviewView = billView.extend({ uploadedBefore: z.boolean() });

/** One line: what the carrier billed beside what was declared and recorded, and what posting did. */
export const billLineView = z.object({
  id: z.number(),
  row: z.number(),
  trackingNo: z.string(),
  kind: z.enum(BILL_LINE_KINDS),
  cause: z.enum(BILL_CAUSES),
  reason: z.string(),
  orderId: z.number().nullable(),
  orderNo: z.string().nullable(),
  userId: z.number().nullable(),
  customer: z.string().nullable(),
  /** The line's amount as the file says it, and the change to the carrier's charge it makes. */
  amount: moneyView,
  costChange: moneyView,
  /** Recorded on the label (declared weight in oz, size in inches, zone, service) beside the carrier's. */
  declaredOz: z.number().nullable(),
  billedOz: z.number().nullable(),
  declaredSize: z.string(),
  billedSize: z.string(),
  declaredZone: z.number().nullable(),
  billedZone: z.string(),
  service: z.string(),
  /** Set once posted: the merchant's deduction (+) or refund (−), the penalty, what was taken and owed. */
  merchantChange: moneyView.nullable(),
  penalty: moneyView.nullable(),
  taken: moneyView.nullable(),
  owed: moneyView.nullable(),
  postedAt: z.string().nullable(),
  /** The row of this bill (or the bill) this line repeats, for a duplicate. */
  duplicateOf: z.string(),
  /**
   * A change read from a later invoice's row (the FedEx preset: docs/bills.md): the line ("bill:row") of the
   * earlier invoice that billed the parcel's whole charge; '' for any other line.
   */
  follows: z.string(),
  billId: z.number(),
  dispute: z.enum(BILL_DISPUTES),
  disputeReason: z.string(),
  disputeAnswer: z.string(),
  workOrderId: z.number().nullable(),
  /** A voided line: what staff decided, and the reason of a write-off. */
  resolution: z.enum(BILL_RESOLUTIONS),
  resolutionNote: z.string(),
});
export type BillLineView = z.output<typeof billLineView>;

/**
 * A merchant's own posted line: the evidence (declared beside measured) and what it charged, never the
 * carrier's cost (the platform's margin is not the merchant's to see).
 */
export const myBillLineView = billLineView.pick({
  id: true,
  trackingNo: true,
  cause: true,
  reason: true,
  orderId: true,
  orderNo: true,
  declaredOz: true,
  billedOz: true,
  declaredSize: true,
  billedSize: true,
  declaredZone: true,
  billedZone: true,
  service: true,
  merchantChange: true,
  penalty: true,
  taken: true,
  owed: true,
  postedAt: true,
  dispute: true,
  disputeReason: true,
  disputeAnswer: true,
  workOrderId: true,
});
export type MyBillLineView = z.output<typeof myBillLineView>;
/** The merchant's lines, and what the merchant owes in all (taken at the next top-up). */
export const myBillLinePage = pageOf(myBillLineView).extend({ owed: moneyView });

export const disputeBody = z.object({ reason: z.string().trim().min(1, 'reasonRequired').max(1000, 'textTooLong') });
export const disputeAnswerBody = z.object({ answer: z.string().trim().max(1000, 'textTooLong').default('') });
export const disputeRejectBody = z.object({
  answer: z.string().trim().min(1, 'reasonRequired').max(1000, 'textTooLong'),
});
/** Writing a voided line off as a claim against the carrier: the reason is kept. */
export const writeOffBody = z.object({ reason: z.string().trim().min(1, 'reasonRequired').max(1000, 'textTooLong') });
export const billDisputesQuery = pageQuery.extend({ state: z.enum(['open', 'accepted', 'rejected']).optional() });

export const billListQuery = pageQuery.extend({ channelId: queryId().optional() });
export const billLinesQuery = pageQuery.extend({
  kind: z.enum(BILL_LINE_KINDS).optional(),
  trackingNo: z.string().trim().max(60).optional(),
});
export const billPage = pageOf(billView);
export const billLinePage = pageOf(billLineView);

/**
 * Why a bill line is left unexplained (/maintenance/doubtfulOrderFlow): it matches no label, the carrier
 * billed it twice, its bill is not posted yet, it was billed on a voided label staff have not decided, or
 * its merchant disputes it.
 */
export const UNEXPLAINED_REASONS = ['unmatched', 'duplicate', 'unposted', 'voided', 'disputed'] as const;
export type UnexplainedReason = (typeof UNEXPLAINED_REASONS)[number];

export const unexplainedLinesQuery = pageQuery.extend({
  channelId: queryId().optional(),
  reason: z.enum(UNEXPLAINED_REASONS).optional(),
});

/** A channel's remembered mapping: the preset, the amount kind and the headers mapped by hand. */
export const billMappingView = z.object({
  channelId: z.number(),
  preset: z.enum(BILL_PRESETS),
  amountKind: z.enum(BILL_AMOUNT_KINDS),
  mapping: mappingOf,
  /** Whether the channel's carrier makes its bill on request (`requestBillReport`), besides files uploaded. */
  carrierReports: z.boolean(),
});

/**
 * A carrier's bill asked for through the channel's API (docs/bills.md, "From the carrier"): `requested` while
 * the carrier makes it, `previewed` once read into a bill (`billId`) like an uploaded file, `empty` when the
 * carrier billed nothing in the span, `failed` with the carrier's words (`message`).
 */
export const BILL_REPORT_STATUSES = ['requested', 'previewed', 'empty', 'failed'] as const;
export type BillReportStatus = (typeof BILL_REPORT_STATUSES)[number];

/** The longest span one report covers, in days. */
export const BILL_REPORT_MAX_DAYS = 31;

export const billReportBody = z.object({
  channelId: z.number().int().positive(),
  /** The first and last day of labels billed (YYYY-MM-DD, UTC), at most BILL_REPORT_MAX_DAYS apart. */
  from: z.iso.date(),
  to: z.iso.date(),
});

export const billReportView = z.object({
  id: z.number(),
  channelId: z.number(),
  channelName: z.string(),
  from: z.string(),
  to: z.string(),
  status: z.enum(BILL_REPORT_STATUSES),
  /** The bill it was read into, once `previewed`. */
  billId: z.number().nullable(),
  message: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  updatedAt: z.string(),
});
export type BillReportView = z.infer<typeof billReportView>;
export const billReportQuery = pageQuery.extend({ channelId: queryId().optional() });
export const billReportPage = pageOf(billReportView);

/** A file's headers, the header each field reads with the preset and mapping, the fields it must have. */
export const billHeadersView = z.object({
  headers: z.array(z.string()),
  matched: z.partialRecord(z.enum(BILL_FIELDS), z.string()),
  required: z.array(z.enum(BILL_FIELDS)),
});

/** Each preset's amount kind and the headers it reads per field (the first found in the file is used). */
export const billPresetView = z.object({
  preset: z.enum(BILL_PRESETS),
  amountKind: z.enum(BILL_AMOUNT_KINDS),
  weightUnit: z.enum(['oz', 'lb', 'kg', 'g']),
  headers: z.partialRecord(z.enum(BILL_FIELDS), z.array(z.string())),
});

/** The daily reconciliation of a channel (docs/bills.md): the span in UTC days, `to` included. */
export const reconciliationQuery = z.object({
  channelId: queryId(),
  from: z.iso.date(),
  to: z.iso.date(),
});

const reconciledFigures = {
  /** Paid labels bought that day, the carrier's cost recorded at purchase and the merchants' charges. */
  labels: z.number(),
  cost: moneyView,
  charged: moneyView,
  /** Posted bill lines of those labels: billed more, credited, what the merchants were charged and refunded. */
  adjustments: moneyView,
  credits: moneyView,
  merchantCharged: moneyView,
  merchantRefunded: moneyView,
  owed: moneyView,
  /** What the platform kept: the merchants' side minus the carrier's. */
  margin: moneyView,
  /** Labels no bill has settled yet. */
  notBilled: z.number(),
};

/** Ages of the refunds a carrier owes, in days since the void: 0–7, 8–14, 15–30, over 30. */
export const REFUND_AGE_BUCKETS = ['days0to7', 'days8to14', 'days15to30', 'over30'] as const;
export type RefundAgeBucket = (typeof REFUND_AGE_BUCKETS)[number];

const owedFigure = z.object({ count: z.number(), amount: moneyView });
const carrierRefundsAged = z.object({
  /** Days the carrier has to refund a voided label before it counts as overdue. */
  windowDays: z.number(),
  total: owedFigure,
  overdue: owedFigure,
  buckets: z.object(
    Object.fromEntries(REFUND_AGE_BUCKETS.map((bucket) => [bucket, owedFigure])) as Record<
      RefundAgeBucket,
      typeof owedFigure
    >,
  ),
});

export const reconciliationView = z.object({
  days: z.array(z.object({ day: z.string(), ...reconciledFigures })),
  totals: z.object(reconciledFigures),
  /** What the channel's bills of the span leave unexplained: the goal is none. */
  unexplained: z.object({
    unmatchedLines: z.number(),
    unmatched: moneyView,
    duplicateLines: z.number(),
    duplicates: moneyView,
    unpostedLines: z.number(),
    unposted: moneyView,
    openDisputes: z.number(),
    /** Lines billed on voided labels that staff have not charged nor written off, and their change. */
    voidedLines: z.number(),
    voided: moneyView,
  }),
  /** Lines billed on voided labels written off: claims against the carrier (explained, not yet recovered). */
  claims: z.object({ lines: z.number(), amount: moneyView }),
  /** What the carrier owes now for labels voided and not refunded, by age since the void. */
  carrierRefunds: carrierRefundsAged,
});
export type ReconciliationView = z.output<typeof reconciliationView>;
