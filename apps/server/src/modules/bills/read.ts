import { type BillField, REQUIRED_BILL_FIELDS } from '@parcelport/shared/contracts/bills/index';
import { sheetRows } from '../../carriers/ratecard/import.ts';
import { invalidFields } from '../../core/errors.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { columnLetter, matchColumns } from '../../lib/sheet-columns.ts';
import { sumChargeLines } from './charge-lines.ts';
import { ouncesOf, type PresetDefinition } from './presets.ts';

/** A bill line as read from the file, before it is matched to a label. */
export interface BillLineInput {
  row: number;
  trackingNo: string;
  /** Cents, signed: a credit is negative. */
  amount: number;
  reason: string;
  billedOz: number | null;
  /** "L x W x H in" as billed, or '' when the file does not say. */
  billedSize: string;
  zone: string;
  service: string;
  reference: string;
  /**
   * A change to the label's charge whatever the bill's amount kind: a row the preset's category column marks
   * as one (UPS: `Charge Category Code` ADJ, RTN or MIS). Such a line is an adjustment of its own, never summed
   * into the parcel's charge.
   */
  adjusts: boolean;
}

export interface BillRowError {
  row: number;
  column: string;
  message: MessageKey;
}

/**
 * A bill's amount: "12.34", "+2.00", "-1.50", "$1,234.50" or the accountants' "(1.50)" for a credit; at most
 * two decimals. Null when it is none of these.
 */
export function billAmountOf(text: string): number | null {
  const bracketed = /^\((.*)\)$/.exec(text.trim());
  const plain = (bracketed ? `-${bracketed[1]}` : text).replace(/[$,\s]|USD/gi, '');
  const match = /^([-+]?)(\d+)(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return null;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

const numberOf = (text: string) => (/^\d+(\.\d+)?$/.test(text) ? Number(text) : null);

/**
 * The file's header row and the column each field reads, by the preset's headers and the mapping, with the
 * rows after it (`rows`, a CSV's read as they are taken). A file whose first row names no required field,
 * read with a preset that knows the carrier's layout, has no header row: its columns are the layout's, and
 * its data starts on the first row.
 */
async function columnsOf(
  file: { filename: string; bytes: Buffer },
  preset: PresetDefinition,
  mapping: Partial<Record<BillField, string>>,
) {
  const iterator = (await sheetRows(file.bytes, file.filename))[Symbol.iterator]();
  const first = iterator.next();
  const rest: Iterable<string[]> = { [Symbol.iterator]: () => iterator };
  const fields = (Object.entries(preset.headers) as [BillField, string[]][]).map(([key, names]) => ({ key, names }));
  const headers = (first.done ? [] : first.value).map((cell) => cell.trim());
  const columns = matchColumns(headers, fields, mapping);
  if (preset.layout && !REQUIRED_BILL_FIELDS.some((field) => columns.has(field))) {
    const layout = [...preset.layout];
    const layoutColumns = matchColumns(layout, fields, mapping);
    const rows = (function* () {
      if (!first.done) yield first.value;
      yield* rest;
    })();
    return { rows, headers: layout, columns: layoutColumns, adjusts: adjustsColumn(layout, preset), firstRow: 0 };
  }
  return { rows: rest, headers, columns, adjusts: adjustsColumn(headers, preset), firstRow: 1 };
}

/** The column of the preset's adjustment codes (`adjustments`), when it has one and the file carries it. */
function adjustsColumn(headers: readonly string[], preset: PresetDefinition): number | undefined {
  if (!preset.adjustments) return undefined;
  return matchColumns(headers, [{ key: 'category', names: preset.adjustments.headers }], {}).get('category');
}

const SIDES = ['billedLength', 'billedWidth', 'billedHeight'] as const;

/** The three sides billed: their own columns, or one "L x W x H" column (UPS's "11.0x  8.0x  3.0"). */
function sidesOf(texts: string[]): { sides: string[]; oneColumn: boolean } {
  const [length = '', width, height] = texts;
  const parts = length.split(/\s*x\s*/i);
  if (width === '' && height === '' && parts.length === 3) return { sides: parts, oneColumn: true };
  return { sides: texts, oneColumn: false };
}

/** For the mapping form: the file's headers, the header each field reads now, and the required fields. */
export async function billHeaders(
  file: { filename: string; bytes: Buffer },
  preset: PresetDefinition,
  mapping: Partial<Record<BillField, string>>,
) {
  const { headers, columns } = await columnsOf(file, preset, mapping);
  const matched: Partial<Record<BillField, string>> = {};
  for (const [field, index] of columns) matched[field] = headers[index] ?? '';
  return { headers: headers.filter(Boolean), matched, required: [...REQUIRED_BILL_FIELDS] };
}

/**
 * Reads a bill file with the preset's headers and the caller's mapping: its lines, and the rows that could
 * not be read with their column and reason. A required column that no header matches is a 400 naming it.
 */
export async function readBill(
  file: { filename: string; bytes: Buffer },
  preset: PresetDefinition,
  mapping: Partial<Record<BillField, string>>,
): Promise<{ lines: BillLineInput[]; errors: BillRowError[] }> {
  const { lines, errors } = await billLines(file, preset, mapping);
  return { lines: [...lines], errors };
}

/**
 * readBill's lines as they are taken, so that a long CSV's rows and lines are never all held at once (a
 * per-charge preset's, summed per parcel, are read whole first); `errors` is complete once `lines` is.
 */
export async function billLines(
  file: { filename: string; bytes: Buffer },
  preset: PresetDefinition,
  mapping: Partial<Record<BillField, string>>,
): Promise<{ lines: Iterable<BillLineInput>; errors: BillRowError[] }> {
  const { rows, headers, columns, adjusts, firstRow } = await columnsOf(file, preset, mapping);
  const adjustmentCodes = new Set(preset.adjustments?.codes);
  const missing = REQUIRED_BILL_FIELDS.filter((field) => !columns.has(field));
  if (missing.length > 0) throw invalidFields(Object.fromEntries(missing.map((field) => [field, 'billColumnMissing'])));

  const columnName = (field: BillField) => {
    const index = columns.get(field) as number;
    return `${columnLetter(index)} (${headers[index]})`;
  };
  const errors: BillRowError[] = [];
  /** The row's line, or null when it has none (blank, an account's charge, or an error). */
  const lineOf = (rowCells: string[], i: number): BillLineInput | null => {
    if (rowCells.every((cell) => cell.trim() === '')) return null;
    const row = i + firstRow + 1;
    const get = (field: BillField) => rowCells[columns.get(field) ?? -1]?.trim() ?? '';
    const fail = (field: BillField, message: MessageKey) => errors.push({ row, column: columnName(field), message });
    const trackingNo = get('trackingNumber').replace(/\s+/g, '').toUpperCase();
    // An account-level charge of a per-charge bill (a service fee) is no parcel's: no label to bill it to.
    if (preset.chargeLines && trackingNo === '') return null;
    if (trackingNo === '') fail('trackingNumber', 'fieldRequired');
    const amount = billAmountOf(get('amount'));
    if (amount === null) fail('amount', 'amountInvalid');

    let billedOz: number | null = null;
    const weight = get('billedWeight');
    if (weight !== '') {
      const value = numberOf(weight);
      billedOz = value === null ? null : ouncesOf(value, get('weightUnit') || preset.weightUnit);
      if (billedOz === null) fail(value === null ? 'billedWeight' : 'weightUnit', 'numberInvalid');
    }
    const { sides, oneColumn } = sidesOf(SIDES.map(get));
    SIDES.forEach((field, side) => {
      const text = sides[side] ?? '';
      if (text !== '' && numberOf(text) === null) fail(oneColumn ? 'billedLength' : field, 'numberInvalid');
    });
    if (trackingNo === '' || amount === null || errors.at(-1)?.row === row) return null;
    return {
      row,
      trackingNo,
      amount,
      reason: get('reason').slice(0, 200),
      billedOz,
      billedSize: sides.every((side) => side !== '') ? `${sides.join(' x ')} in` : '',
      zone: get('zone').slice(0, 20),
      service: get('service').slice(0, 100),
      reference: get('reference').slice(0, 100),
      adjusts: adjustmentCodes.has(rowCells[adjusts ?? -1]?.trim().toUpperCase() ?? ''),
    };
  };
  const lines = (function* () {
    let i = 0;
    for (const rowCells of rows) {
      const line = lineOf(rowCells, i++);
      if (line) yield line;
    }
  })();
  return { lines: preset.chargeLines ? sumChargeLines([...lines]) : lines, errors };
}
