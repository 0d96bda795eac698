import { ORDER_STATUS } from '@parcelport/shared';
import type { BillAmountKind, BillCause, BillLineKind, BillPreset } from '@parcelport/shared/contracts/bills/index';
import type { Db } from '../../db/index.ts';
import { billableOrders, linesPostedAs, parcelsByTracking, payOnUseReturns, postedTotalLines } from './match-repo.ts';
import { causeOf, ouncesOf, type PresetDefinition } from './presets.ts';
import type { BillLineInput } from './read.ts';

/** A bill line matched and classified, as it is kept. */
export interface ClassifiedLine extends BillLineInput {
  kind: BillLineKind;
  cause: BillCause;
  orderId: number | null;
  userId: number | null;
  costChange: number;
  costBefore: number | null;
  lineKey: string;
  duplicateOf: string;
  /** A later invoice's change (`laterInvoicesAreChanges`): the line that billed the whole charge, "bill:row". */
  follows: string;
}

/** What a label of the channel recorded, found by a parcel's (or the order's) tracking number. */
interface Label {
  orderId: number;
  userId: number;
  /** The carrier's charge as recorded so far: its last bill, else the cost at purchase. */
  charged: number;
  /**
   * What of `charged` invoices billed as changes of their own (`adjusts` lines posted for the label): an
   * invoice's shipment charge is compared with the rest, the changes staying on top of it.
   */
  adjusted: number;
  declaredOz: number | null;
  /** Voided (and refunded to the merchant) since it was bought: its lines are staff's to decide. */
  voided: boolean;
  /**
   * A pay-on-use return (modules/returns): the carrier bills it when it is used, on lines it codes as
   * returns (UPS `RTN`), which are then its whole charge, compared with what its first scan charged.
   */
  paidOnUse: boolean;
  /**
   * The invoice that billed the parcel's whole charge, from a bill of the same preset posted before (only
   * asked for a preset whose later invoices are changes): its invoice number and line, "bill:row".
   */
  wholeCharge: WholeCharge | null;
}

/** Where a parcel's whole charge was billed: the invoice number and the line ("bill:row", ":row" in this file). */
interface WholeCharge {
  reference: string;
  at: string;
}

/**
 * The same line, wherever it comes from: the channel, tracking number, amount kind (an `adjusts` line's is
 * `adjustment`, whatever its bill's), amount and reference.
 */
const lineKeyOf = (channelId: number, kind: BillAmountKind, line: BillLineInput) =>
  [channelId, line.trackingNo, line.adjusts ? 'adjustment' : kind, line.amount, line.reference].join('|');

/** What invoices posted before tell of a bill's labels (invoiceHistory). */
interface InvoiceHistory {
  /** By order: what the `adjusts` lines posted so far changed its carrier charge by. */
  adjusted: Map<number, number>;
  /** By "order|tracking number": the line that billed the parcel's whole charge first (wholeChargesOf). */
  wholeCharges: Map<string, WholeCharge>;
}

/**
 * What the invoices (`total` bills) posted so far tell of these orders, in one read per chunk of orders:
 * what their `adjusts` lines changed each order's carrier charge by (the lines that moved it: posted and not
 * voided, or voided and charged by staff), and, with `wholeChargesOf` (a preset whose later invoices are
 * changes), the first line a bill of that preset posted for each parcel as its whole charge, the invoice a
 * later invoice of that carrier changes. An invoice's shipment charge arriving after such a change (a newer
 * invoice's adjustment posted before the original invoice was uploaded) is the charge before the change, not
 * the charge with it.
 */
export async function invoiceHistory(
  db: Db,
  orderIds: number[],
  wholeChargesOf: BillPreset | null = null,
): Promise<InvoiceHistory> {
  const history: InvoiceHistory = { adjusted: new Map(), wholeCharges: new Map() };
  for (const chunk of chunks(orderIds)) {
    const rows = await postedTotalLines(db, chunk, wholeChargesOf);
    for (const row of rows) {
      const orderId = row.order_id as number;
      if (row.adjusts === 1) {
        history.adjusted.set(orderId, (history.adjusted.get(orderId) ?? 0) + Number(row.cost_change));
        continue;
      }
      const key = `${orderId}|${row.tracking_no}`;
      if (!history.wholeCharges.has(key))
        history.wholeCharges.set(key, { reference: row.reference, at: `${row.bill_id}:${row.row_no}` });
    }
  }
  return history;
}

const CHUNK = 900;
const chunks = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * The paid or voided labels of the channel with these tracking numbers, by tracking number: the parcels by their
 * tracking index first, then their orders by id (one join let SQLite scan the channel's orders instead).
 */
async function labelsOf(
  db: Db,
  channelId: number,
  trackingNos: string[],
  amountKind: BillAmountKind,
  laterInvoices: BillPreset | null,
): Promise<Map<string, Label>> {
  const labels = new Map<string, Label>();
  for (const chunk of chunks(trackingNos)) {
    const parcels = await parcelsByTracking(db, chunk);
    if (parcels.length === 0) continue;
    const orders = new Map(
      (
        await billableOrders(
          db,
          channelId,
          parcels.map((parcel) => parcel.order_id),
        )
      ).map((order) => [order.id, order]),
    );
    const paidOnUse = new Set(
      orders.size === 0 ? [] : (await payOnUseReturns(db, [...orders.keys()])).map((row) => row.order_id),
    );
    // Only an invoice's whole charge is compared with the charge before the changes.
    const { adjusted, wholeCharges } =
      amountKind === 'total'
        ? await invoiceHistory(db, [...orders.keys()], laterInvoices)
        : { adjusted: new Map<number, number>(), wholeCharges: new Map<string, WholeCharge>() };
    for (const parcel of parcels) {
      const order = orders.get(parcel.order_id);
      if (!order) continue;
      labels.set(parcel.tracking_no as string, {
        orderId: order.id,
        userId: order.user_id,
        charged: Number(order.billed_cost ?? order.cost ?? 0),
        adjusted: adjusted.get(order.id) ?? 0,
        declaredOz: ouncesOf(parcel.weight, parcel.mass_unit),
        voided: order.status === ORDER_STATUS.voided,
        paidOnUse: paidOnUse.has(order.id),
        wholeCharge: wholeCharges.get(`${order.id}|${parcel.tracking_no}`) ?? null,
      });
    }
  }
  return labels;
}

/** Which of these line keys were posted already, and where: "bill 12, row 7". */
async function postedBefore(db: Db, keys: string[]): Promise<Map<string, string>> {
  const posted = new Map<string, string>();
  for (const chunk of chunks(keys)) {
    const rows = await linesPostedAs(db, chunk);
    for (const row of rows) posted.set(row.posted_key as string, `${row.bill_id}:${row.row_no}`);
  }
  return posted;
}

/** A whole charge's first line of an order: where the order's parcels are summed, in this slice or before. */
interface FirstOfOrder {
  /** The line while its slice is being classified; null once it is kept. */
  line: ClassifiedLine | null;
  row: number;
  costChange: number;
  voided: boolean;
}

/** A line kept with an earlier slice whose order's later parcels changed its charge. */
export interface RevisedLine {
  row: number;
  kind: BillLineKind;
  costChange: number;
}

/**
 * Matches each line to a paid (or voided) label of the channel by tracking number and classifies it, a slice
 * of the bill at a time in file order, so that a long bill's labels, keys and answers are never all held at
 * once. A whole charge (`total`) is compared with what the carrier charged for the label so far less the
 * changes invoices billed apart (`adjusted`), the lines of one order's parcels summed on its first line (one
 * kept with an earlier slice comes back from `revised`); an adjustment (a line of an adjustment bill, or one
 * that `adjusts` in any bill) is the change itself. A line seen earlier in the file, or posted from any bill
 * before, is a duplicate and will charge nothing; a line on a voided label is `voided`, with the change it
 * bills, and will charge nothing unless staff say so.
 *
 * A preset whose later invoices are changes (`laterInvoicesAreChanges`, FedEx) makes a whole-charge bill's
 * line an adjustment of its own (`adjusts`, keyed so) when another invoice billed the parcel's whole charge
 * first: a line of a bill of the preset posted before (a different invoice number, or any when either has
 * none), else the parcel's first invoice number in this file. The line `follows` that one.
 */
export function billClassifier(channelId: number, amountKind: BillAmountKind, preset?: PresetDefinition) {
  /** Each line key seen so far, with its row. */
  const seen = new Map<string, number>();
  const laterInvoices = amountKind === 'total' && preset?.laterInvoicesAreChanges ? preset.preset : null;
  /** Each parcel's first invoice in this file (with laterInvoices), by tracking number. */
  const firstInvoice = new Map<string, WholeCharge>();

  /** The whole charge a line of another invoice changes ('' when the line is its parcel's whole charge). */
  function followed(line: BillLineInput, label: Label | undefined): string {
    if (!laterInvoices || line.adjusts || !label) return '';
    const posted = label.wholeCharge;
    const whole = posted ?? firstInvoice.get(line.trackingNo);
    if (!whole) {
      firstInvoice.set(line.trackingNo, { reference: line.reference, at: `:${line.row}` });
      return '';
    }
    // Another bill is another invoice unless both name the same one; in this file, only its number tells.
    const sameInvoice = posted
      ? posted.reference !== '' && posted.reference === line.reference
      : whole.reference === line.reference;
    if (sameInvoice) return '';
    line.adjusts = true;
    return whole.at;
  }

  const firstOfOrder = new Map<number, FirstOfOrder>();
  const revised = new Map<number, RevisedLine>();

  /** The slice's lines classified; each line itself becomes its classified line (kept once in memory). */
  async function classify(db: Db, lines: BillLineInput[]): Promise<ClassifiedLine[]> {
    const trackingNos = [...new Set(lines.map((line) => line.trackingNo))];
    const labels = await labelsOf(db, channelId, trackingNos, amountKind, laterInvoices);
    // A pay-on-use return's lines coded as changes (UPS RTN) are its whole charge: nothing was billed for it
    // before it was used.
    for (const line of lines) if (line.adjusts && labels.get(line.trackingNo)?.paidOnUse) line.adjusts = false;
    // Before the keys: a later invoice's change is keyed as one.
    const follows = lines.map((line) => followed(line, labels.get(line.trackingNo)));
    const keys = lines.map((line) => lineKeyOf(channelId, amountKind, line));
    const posted = await postedBefore(db, [...new Set(keys)]);
    const classified: ClassifiedLine[] = [];
    const inSlice: FirstOfOrder[] = [];

    lines.forEach((line, i) => {
      const lineKey = keys[i] as string;
      const label = labels.get(line.trackingNo);
      const classify = (
        fields: Omit<ClassifiedLine, keyof BillLineInput | 'lineKey' | 'orderId' | 'userId' | 'follows'>,
      ) => {
        const done = Object.assign(
          line,
          { lineKey, orderId: label?.orderId ?? null, userId: label?.userId ?? null, follows: follows[i] as string },
          fields,
        );
        classified.push(done);
        return done;
      };
      const earlier = seen.get(lineKey);
      const before = posted.get(lineKey);
      if (earlier !== undefined || before !== undefined) {
        const duplicateOf = earlier !== undefined ? `:${earlier}` : (before as string);
        classify({ kind: 'duplicate', cause: 'other', costChange: 0, costBefore: null, duplicateOf });
        return;
      }
      seen.set(lineKey, line.row);
      if (!label) {
        classify({ kind: 'unmatched', cause: 'other', costChange: 0, costBefore: null, duplicateOf: '' });
        return;
      }
      const cause = causeOf(line.reason, line.billedOz, label.declaredOz);
      const kindOf = (costChange: number, voided = label.voided): BillLineKind =>
        voided ? 'voided' : changeKind(costChange);
      // A change, by the bill's kind or its own (a UPS ADJ row in an invoice, a FedEx later invoice's row): the
      // line's amount is the change.
      if (amountKind === 'adjustment' || line.adjusts) {
        classify({ kind: kindOf(line.amount), cause, costChange: line.amount, costBefore: null, duplicateOf: '' });
        return;
      }
      const first = firstOfOrder.get(label.orderId);
      if (first) {
        // Another parcel of the same order: its charge joins the order's first line.
        first.costChange += line.amount;
        const kind = kindOf(first.costChange, first.voided);
        if (first.line) Object.assign(first.line, { costChange: first.costChange, kind });
        else revised.set(first.row, { row: first.row, kind, costChange: first.costChange });
        classify({ kind: 'matches', cause, costChange: 0, costBefore: null, duplicateOf: '' });
        return;
      }
      // The label's charge before the changes invoices billed apart: those stay on top of this charge.
      const base = label.charged - label.adjusted;
      const change = line.amount - base;
      const done = classify({
        kind: kindOf(change),
        cause,
        costChange: change,
        costBefore: base,
        duplicateOf: '',
      });
      const entry = { line: done, row: done.row, costChange: change, voided: label.voided };
      firstOfOrder.set(label.orderId, entry);
      inSlice.push(entry);
    });
    // The slice is kept next: later parcels of its orders revise the kept line.
    for (const entry of inSlice) entry.line = null;
    return classified;
  }

  return {
    /**
     * The lines classified `size` at a time within `db` (the transaction that keeps them), taken from `lines`
     * a slice at a time (the bill's reader makes them as they are taken), so that once kept a slice's lines
     * can be collected.
     */
    slices: (lines: Iterable<BillLineInput>, size: number) =>
      async function* (db: Db) {
        let slice: BillLineInput[] = [];
        for (const line of lines) {
          slice.push(line);
          if (slice.length < size) continue;
          yield classify(db, slice);
          slice = [];
        }
        if (slice.length > 0) yield classify(db, slice);
      },
    revised: () => [...revised.values()],
  };
}

const changeKind = (costChange: number): BillLineKind =>
  costChange > 0 ? 'adjustment' : costChange < 0 ? 'credit' : 'matches';
