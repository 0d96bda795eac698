/**
 * The parts of an xlsx workbook (ECMA-376 SpreadsheetML, the least a reader needs): each sheet's XML is
 * made row by row as its rows come, the rest once the sheets are known. Strings are written inline, so no
 * table of shared strings grows with the export.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PACKAGE_RELATIONSHIPS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** A sheet holds at most this many rows, its header one of them (Excel's limit). */
export const MAX_SHEET_ROWS = 1_048_576;
/** A cell holds at most this many characters (Excel's limit); a longer text is cut. */
const MAX_CELL_CHARACTERS = 32_767;
/** A sheet's name holds at most 31 characters, none of these. */
const SHEET_NAME_FORBIDDEN = /[[\]:*?/\\]/g;

export type CellValue = string | number | null;

/** The column letters of the 1-based column `n`: 1 A, 26 Z, 27 AA. */
function columnLetters(n: number): string {
  let letters = '';
  for (let rest = n; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return letters;
}

/** Characters XML 1.0 cannot carry (controls other than tab and line breaks, lone surrogates, U+FFFE/F). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
  /[\x00-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function cell(reference: string, value: CellValue, style: number): string {
  const styled = style ? ` s="${style}"` : '';
  if (value === null || (typeof value === 'number' && !Number.isFinite(value))) return '';
  if (typeof value === 'number') return `<c r="${reference}"${styled}><v>${value}</v></c>`;
  const text = escapeXml(value.length > MAX_CELL_CHARACTERS ? value.slice(0, MAX_CELL_CHARACTERS) : value);
  const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${reference}"${styled} t="inlineStr"><is><t${space}>${text}</t></is></c>`;
}

/** One sheet's XML, written by `open`, a `row` per row (numbered from 1) and `close`. */
export class SheetXml {
  private readonly widths: number[];
  private readonly letters: string[];

  constructor(widths: number[]) {
    this.widths = widths;
    this.letters = widths.map((_, index) => columnLetters(index + 1));
  }

  /** The sheet's start: its header row stays in view while the rest scrolls, and its columns' widths. */
  open(): string {
    const columns = this.widths
      .map((width, index) => `<col min="${index + 1}" max="${index + 1}" width="${width}" customWidth="1"/>`)
      .join('');
    return `${DECLARATION}<worksheet xmlns="${MAIN}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews><cols>${columns}</cols><sheetData>`;
  }

  /** Row `number`; the header's cells are drawn bold. */
  row(number: number, values: CellValue[], header = false): string {
    const cells = values.map((value, index) => cell(`${this.letters[index]}${number}`, value, header ? 1 : 0));
    return `<row r="${number}">${cells.join('')}</row>`;
  }

  close(): string {
    return '</sheetData></worksheet>';
  }
}

/**
 * A name Excel takes for a sheet: without the characters it forbids, at most 31 long, and unlike every name in
 * `taken` (Excel compares them without case): " (2)", " (3)"… after a name taken already, as for the sheets a
 * long export goes on in.
 */
export function sheetName(name: string, taken: readonly string[]): string {
  const cleaned = name.replace(SHEET_NAME_FORBIDDEN, ' ').trim() || 'Sheet';
  const used = new Set(taken.map((other) => other.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? '' : ` (${n})`;
    const candidate = `${cleaned.slice(0, 31 - suffix.length)}${suffix}`;
    if (!used.has(candidate.toLowerCase())) return candidate;
  }
}

/** The workbook's other parts, by their path in the archive, once its sheets' names are known. */
export function workbookParts(sheetNames: string[]): [string, string][] {
  const sheets = sheetNames.map((_, index) => index + 1);
  const attribute = (text: string) => escapeXml(text).replaceAll('"', '&quot;');
  return [
    [
      '[Content_Types].xml',
      `${DECLARATION}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
        .map(
          (n) =>
            `<Override PartName="/xl/worksheets/sheet${n}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        )
        .join('')}</Types>`,
    ],
    [
      '_rels/.rels',
      `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${DECLARATION}<workbook xmlns="${MAIN}" xmlns:r="${RELATIONSHIPS}"><sheets>${sheetNames
        .map((name, index) => `<sheet name="${attribute(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${DECLARATION}<Relationships xmlns="${PACKAGE_RELATIONSHIPS}">${sheets
        .map((n) => `<Relationship Id="rId${n}" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet${n}.xml"/>`)
        .join(
          '',
        )}<Relationship Id="rId${sheets.length + 1}" Type="${RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      // Two cell formats: 0 plain, 1 bold (the headers).
      `${DECLARATION}<styleSheet xmlns="${MAIN}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ],
  ];
}
