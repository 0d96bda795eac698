import { parseMoney } from '@parcelport/shared';
import { invalidFields } from '../../core/errors.ts';

/**
 * A problem in an imported sheet, by 1-based row and column, so the admin can fix the file. `problem` is a
 * message key (sheet_*) of http/messages.ts; `value` is the cell as given.
 */
export interface SheetError {
  row: number;
  column: number;
  problem: 'notZone' | 'noZones' | 'notWeight' | 'weightTwice' | 'notPrice' | 'noPrices' | 'notZip3' | 'notZoneNumber';
  value: string;
}

type Cells = string[][];

/**
 * Reads the first sheet of an xlsx, or a CSV, into rows of trimmed text cells; a file that is not a
 * workbook (cut short, another format renamed) is a 400 naming `file`.
 */
export async function readSheet(bytes: Buffer, filename: string): Promise<Cells> {
  return [...(await sheetRows(bytes, filename))];
}

/** readSheet's rows, a CSV's read one at a time as they are taken (an xlsx is read whole first). */
export async function sheetRows(bytes: Buffer, filename: string): Promise<Iterable<string[]>> {
  if (/\.xlsx$/i.test(filename)) {
    const { default: ExcelJS } = await import('exceljs'); // loaded on first use
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(bytes as never);
    } catch {
      throw invalidFields({ file: 'sheetUnreadable' });
    }
    const sheet = workbook.worksheets[0];
    const rows: Cells = [];
    sheet?.eachRow({ includeEmpty: true }, (row) => {
      const values = (row.values as unknown[]).slice(1);
      rows.push(values.map((value) => cellText(value)));
    });
    return rows;
  }
  return csvRows(bytes.toString('utf8').replace(/^\uFEFF/, ''));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'result' in value) return String((value as { result: unknown }).result ?? '').trim();
  if (typeof value === 'object' && 'text' in value) return String((value as { text: unknown }).text).trim();
  return String(value).trim();
}

/**
 * RFC 4180 CSV: quoted fields, doubled quotes, commas and newlines inside quotes. A field is cut out of the
 * text in runs (one slice unless quotes split it), not built a character at a time: a 100,000-line bill read
 * that way left some 100 MB of string pieces for the collector.
 */
export function parseCsv(text: string): Cells {
  return [...csvRows(text)];
}

/**
 * parseCsv's rows one at a time, rows whose cells are all empty left out: a long file's rows need not all be
 * held at once.
 */
export function* csvRows(text: string): Generator<string[]> {
  let row: string[] = [];
  /** The field's text before its current run: only when quotes split the field. */
  let field = '';
  /** Where the current run of the field began. */
  let start = 0;
  let quoted = false;
  const endField = (end: number) => {
    row.push((field + text.slice(start, end)).trim());
    field = '';
  };
  const filled = (cells: string[]) => cells.some((cell) => cell !== '');
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch !== '"') continue;
      field += text.slice(start, i);
      if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
      start = i + 1;
    } else if (ch === '"') {
      field += text.slice(start, i);
      quoted = true;
      start = i + 1;
    } else if (ch === ',') {
      endField(i);
      start = i + 1;
    } else if (ch === '\n' || ch === '\r') {
      endField(i);
      if (ch === '\r' && text[i + 1] === '\n') i++;
      if (filled(row)) yield row;
      row = [];
      start = i + 1;
    }
  }
  if (field !== '' || start < text.length || row.length > 0) {
    endField(text.length);
    if (filled(row)) yield row;
  }
}

/** "4 oz" → 4, "1 lb" / "1" → 16, "0.5 kg" → 18 (ounces, rounded up). Null when unreadable. */
export function parseWeightOz(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(oz|lb|lbs|kg|g)?$/i.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]);
  const unit = (match[2] ?? 'lb').toLowerCase();
  const ounces =
    unit === 'oz' ? value : unit === 'kg' ? value * 35.27396195 : unit === 'g' ? value * 0.03527396195 : value * 16;
  return ounces > 0 ? Math.ceil(ounces - 1e-9) : null;
}

/**
 * A rate table sheet: a header row `weight, Zone 1, Zone 2, …` and one row per weight bracket with the
 * price of each zone. Every bad cell is reported; nothing is returned unless the whole sheet is good.
 */
export function parseRateTable(cells: Cells): {
  rows: { zone: number; maxOz: number; priceCents: number }[];
  errors: SheetError[];
} {
  const errors: SheetError[] = [];
  const header = cells[0] ?? [];
  const zones = header.slice(1).map((text, index) => {
    const zone = Number(/(\d+)\s*$/.exec(text)?.[1]);
    if (!Number.isInteger(zone) || zone < 1 || zone > 12) {
      errors.push({ row: 1, column: index + 2, problem: 'notZone', value: text });
    }
    return zone;
  });
  if (zones.length === 0) errors.push({ row: 1, column: 2, problem: 'noZones', value: '' });
  const rows: { zone: number; maxOz: number; priceCents: number }[] = [];
  const seen = new Set<number>();
  cells.slice(1).forEach((line, lineIndex) => {
    const rowNumber = lineIndex + 2;
    const maxOz = parseWeightOz(line[0] ?? '');
    if (maxOz === null) {
      errors.push({ row: rowNumber, column: 1, problem: 'notWeight', value: line[0] ?? '' });
      return;
    }
    if (seen.has(maxOz)) errors.push({ row: rowNumber, column: 1, problem: 'weightTwice', value: line[0] ?? '' });
    seen.add(maxOz);
    zones.forEach((zone, zoneIndex) => {
      const text = line[zoneIndex + 1] ?? '';
      if (text === '' || text === '-') return;
      const cents = parseMoney(text.replace(/^\$/, ''));
      if (cents === null || cents < 0) {
        errors.push({ row: rowNumber, column: zoneIndex + 2, problem: 'notPrice', value: text });
        return;
      }
      rows.push({ zone, maxOz, priceCents: cents });
    });
  });
  if (rows.length === 0 && errors.length === 0) errors.push({ row: 2, column: 1, problem: 'noPrices', value: '' });
  return { rows: errors.length ? [] : rows, errors };
}

/**
 * A zone chart sheet: `origin, destination, zone` with ZIP3s or ZIP3 ranges ("005-098"), as USPS
 * publishes its zone charts.
 */
export function parseZoneChart(cells: Cells): {
  rows: { origin: string; dest: string; zone: number }[];
  errors: SheetError[];
} {
  const errors: SheetError[] = [];
  const rows: { origin: string; dest: string; zone: number }[] = [];
  const range = (text: string): string[] | null => {
    const match = /^(\d{3})(?:\s*-\s*(\d{3}))?$/.exec(text);
    if (!match) return null;
    const start = Number(match[1]);
    const end = Number(match[2] ?? match[1]);
    if (end < start) return null;
    return Array.from({ length: end - start + 1 }, (_, i) => String(start + i).padStart(3, '0'));
  };
  const body = /^\d/.test(cells[0]?.[0] ?? '') ? cells : cells.slice(1);
  const offset = body === cells ? 1 : 2;
  body.forEach((line, index) => {
    const rowNumber = index + offset;
    const origins = range(line[0] ?? '');
    const dests = range(line[1] ?? '');
    const zone = Number(line[2]);
    if (!origins) errors.push({ row: rowNumber, column: 1, problem: 'notZip3', value: line[0] ?? '' });
    if (!dests) errors.push({ row: rowNumber, column: 2, problem: 'notZip3', value: line[1] ?? '' });
    if (!Number.isInteger(zone) || zone < 1 || zone > 12) {
      errors.push({ row: rowNumber, column: 3, problem: 'notZoneNumber', value: line[2] ?? '' });
    }
    if (!origins || !dests || errors.length) return;
    for (const origin of origins) for (const dest of dests) rows.push({ origin, dest, zone });
  });
  return { rows: errors.length ? [] : rows, errors };
}
