/**
 * 4x6 shipping labels as PDF: pdfkit with the barcode drawn as vector bars
 * from bwip-js's encoder.
 *
 * One PDFDocument serves a whole batch; pages are read off the document as each label is drawn, so a merged
 * download of thousands of labels streams without holding them all.
 */
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatTracking } from '@parcelport/shared';
import { barPattern, drawBars } from './barcode.ts';
import {
  addressLines,
  asciiFolded,
  CARRIER_NAMES,
  cityLine,
  FRAME,
  INNER_W,
  NO_GLYPH,
  PAGE_H,
  PAGE_W,
  serviceIcon,
  TEST_MARK,
  TRACKING_TITLES,
} from './label-layout.ts';
import { BOLD, cjkCanDraw, type Doc, newDocument, REGULAR, withCjkFont } from './pdf-document.ts';
import type { LabelAddress, LabelData } from './types.ts';

// ------------------------------------------------------------------ text helpers

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** One character in the standard fonts (WinAnsi), accents folded away where needed; or null. */
function inWinAnsi(ch: string): string | null {
  const code = ch.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) return ch;
  if (code === 0x09 || code === 0x0a || code === 0x0d) return ' ';
  return asciiFolded(ch);
}

/** One character in the CJK font, whose Latin stops at Latin-1: folded like the standard fonts' where needed. */
function inCjkFont(ch: string): string {
  if (/[\t\r\n]/.test(ch)) return ' ';
  if (cjkCanDraw(ch.codePointAt(0)!)) return ch;
  return asciiFolded(ch) ?? NO_GLYPH;
}

/**
 * The text as the label draws it, and in which font: the standard one when it covers every character,
 * otherwise the embedded CJK font (Chinese names, remarks and references, and whatever else it has glyphs for),
 * with NO_GLYPH for a character even that font lacks.
 */
function drawable(raw: string, font: string): { text: string; font: string | null } {
  const chars = [...raw.normalize('NFC')];
  const standard = chars.map(inWinAnsi);
  if (standard.every((ch) => ch !== null)) return { text: standard.join(''), font };
  return { text: chars.map(inCjkFont).join(''), font: null };
}

interface TextOptions {
  font?: string;
  size: number;
  /** Available width: text is shrunk (down to 60 %) and then cut to fit. */
  width?: number;
  align?: 'left' | 'center' | 'right';
}

/** Writes one line without pdfkit's line wrapper; returns the size used. */
function put(doc: Doc, raw: string, x: number, y: number, options: TextOptions): number {
  const { text, font } = drawable(raw, options.font ?? REGULAR);
  let size = options.size;
  doc.font(font ?? withCjkFont(doc)).fontSize(size);
  let width = doc.widthOfString(text);
  let shown = text;
  if (options.width !== undefined && width > options.width) {
    size = Math.max(options.size * 0.6, (options.size * options.width) / width);
    doc.fontSize(size);
    width = doc.widthOfString(text);
    const chars = [...text];
    while (width > options.width && chars.length > 1) {
      chars.pop();
      shown = chars.join('');
      width = doc.widthOfString(shown);
    }
  }
  let left = x;
  if (options.align === 'center' && options.width !== undefined) left = x + (options.width - width) / 2;
  if (options.align === 'right' && options.width !== undefined) left = x + options.width - width;
  doc.text(shown, left, y, { lineBreak: false });
  return size;
}

// ------------------------------------------------------------------ label parts

function drawHeader(doc: Doc, label: LabelData): void {
  const top = FRAME;
  const box = 84;
  doc.rect(FRAME, top, box, box).fillColor('black').fill();
  doc.fillColor('white');
  const icon = serviceIcon(label);
  doc.font(BOLD).fontSize(72);
  doc.text(icon, FRAME + (box - doc.widthOfString(icon)) / 2, top + 8, { lineBreak: false });
  doc.fillColor('black');

  const x = FRAME + box + 8;
  const right = PAGE_W - FRAME - 6;
  put(doc, CARRIER_NAMES[label.carrierCode], x, top + 7, { font: BOLD, size: 24 });
  put(doc, 'PACKAGE', right - 70, top + 7, { size: 6.5, width: 70, align: 'right' });
  put(doc, `${label.parcelIndex} OF ${label.parcelCount}`, right - 70, top + 16, {
    font: BOLD,
    size: 15,
    width: 70,
    align: 'right',
  });

  // Two columns of shipment facts under the carrier name.
  const facts: Array<[string, string]> = [
    ['SHIP DATE', label.shipDate],
    ['WEIGHT', label.weight],
  ];
  if (label.zone !== undefined && label.zone !== null) facts.push(['ZONE', String(label.zone)]);
  if (label.dimensions) facts.push(['DIMS', label.dimensions]);
  const columnWidth = (right - x) / 2;
  facts.forEach(([name, value], i) => {
    const left = x + (i % 2) * columnWidth;
    const y = top + 40 + Math.floor(i / 2) * 16;
    put(doc, name, left, y, { font: BOLD, size: 5.5 });
    put(doc, value, left, y + 6.5, { size: 8, width: columnWidth - 4 });
  });
  if (label.carrierCode === 'USPS') {
    doc
      .lineWidth(0.75)
      .moveTo(x, top + 73)
      .lineTo(right, top + 73)
      .stroke('black');
    put(doc, 'US POSTAGE PAID', x, top + 76, { font: BOLD, size: 6 });
    put(doc, 'COMMERCIAL ePOSTAGE', x, top + 76, { size: 6, width: right - x, align: 'right' });
  }
}

function drawBanner(doc: Doc, label: LabelData, top: number, height: number): void {
  doc.rect(FRAME, top, INNER_W, height).fillColor('black').fill();
  doc.fillColor('white');
  put(doc, label.serviceBanner.toUpperCase(), FRAME + 6, top + 7, {
    font: BOLD,
    size: 17,
    width: INNER_W - 12,
    align: 'center',
  });
  doc.fillColor('black');
}

function drawSender(doc: Doc, from: LabelAddress, top: number): void {
  const lines = addressLines(from);
  let y = top;
  lines.forEach((line, i) => {
    put(doc, line, 10, y, { font: i === 0 ? BOLD : REGULAR, size: 7.5, width: 180 });
    y += 9;
  });
  if (from.phone) put(doc, from.phone, 10, y, { size: 7, width: 180 });
}

function drawRecipient(doc: Doc, to: LabelAddress, top: number): void {
  put(doc, 'SHIP', 10, top + 1, { font: BOLD, size: 8 });
  put(doc, 'TO:', 10, top + 10, { font: BOLD, size: 8 });
  const x = 38;
  const width = PAGE_W - FRAME - 8 - x;
  const lines = addressLines(to);
  const cityIndex = lines.indexOf(cityLine(to).toUpperCase());
  let y = top;
  lines.forEach((line, i) => {
    const emphasised = i === 0 || i === cityIndex;
    const size = i === cityIndex ? 13 : i === 0 ? 12 : 11;
    put(doc, line, x, y, { font: emphasised ? BOLD : REGULAR, size, width });
    y += size * 1.2;
  });
  if (to.phone) put(doc, to.phone, x, y + 1, { size: 8, width });
}

function drawTracking(doc: Doc, label: LabelData, top: number): void {
  const center = PAGE_W / 2;
  put(doc, TRACKING_TITLES[label.carrierCode], FRAME, top + 5, {
    font: BOLD,
    size: 9,
    width: INNER_W,
    align: 'center',
  });
  drawBars(doc, barPattern(label.barcode), center, top + 18, 62, INNER_W - 4);
  put(doc, formatTracking(label.carrierCode, label.trackingNumber), FRAME, top + 84, {
    font: BOLD,
    size: 12,
    width: INNER_W,
    align: 'center',
  });
}

function drawFooter(doc: Doc, label: LabelData, top: number): void {
  const rows: Array<[string, string]> = [];
  if (label.reference1) rows.push(['REF 1', label.reference1]);
  if (label.reference2) rows.push(['REF 2', label.reference2]);
  rows.push(['ORDER #', label.orderNo]);
  let y = top + 6;
  for (const [name, value] of rows) {
    put(doc, name, 10, y, { font: BOLD, size: 7 });
    put(doc, value, 46, y, { size: 7.5, width: 150 });
    y += 10;
  }
  const right = PAGE_W - FRAME - 6;
  put(doc, label.serviceName, right - 100, top + 6, { size: 7, width: 100, align: 'right' });
  put(doc, `PKG ${label.parcelIndex} OF ${label.parcelCount}  ${label.weight}`, right - 100, top + 16, {
    size: 7,
    width: 100,
    align: 'right',
  });
  if (label.test) put(doc, TEST_MARK, right - 100, top + 26, { font: BOLD, size: 7, width: 100, align: 'right' });
}

function drawTestMark(doc: Doc): void {
  const angle = (-Math.atan2(PAGE_H, PAGE_W) * 180) / Math.PI;
  const diagonal = Math.hypot(PAGE_W, PAGE_H);
  doc.save();
  doc.font(BOLD).fontSize(10);
  const size = (10 * diagonal * 0.86) / doc.widthOfString(TEST_MARK);
  doc.fontSize(size);
  const width = doc.widthOfString(TEST_MARK);
  doc.rotate(angle, { origin: [PAGE_W / 2, PAGE_H / 2] });
  doc.fillColor('#808080').fillOpacity(0.45);
  doc.text(TEST_MARK, PAGE_W / 2 - width / 2, PAGE_H / 2 - size * 0.36, { lineBreak: false });
  doc.restore();
}

/** Draws one label on the current page. */
function drawLabel(doc: Doc, label: LabelData): void {
  doc
    .lineWidth(1.5)
    .rect(FRAME, FRAME, INNER_W, PAGE_H - 2 * FRAME)
    .stroke('black');
  drawHeader(doc, label);
  drawBanner(doc, label, 87, 30);
  drawSender(doc, label.from, 122);
  drawRecipient(doc, label.to, 184);
  doc
    .lineWidth(2)
    .moveTo(FRAME, 290)
    .lineTo(PAGE_W - FRAME, 290)
    .stroke('black');
  drawTracking(doc, label, 290);
  doc
    .lineWidth(2)
    .moveTo(FRAME, 394)
    .lineTo(PAGE_W - FRAME, 394)
    .stroke('black');
  drawFooter(doc, label, 394);
  if (label.test) drawTestMark(doc);
}

// ------------------------------------------------------------------ PDF output

/**
 * The PDF as chunks, one per finished page (and the trailer): nothing is buffered beyond the page being drawn.
 * Refuses an empty batch before any byte is produced.
 */
export async function* labelsPdfChunks(labels: AsyncIterable<LabelData> | Iterable<LabelData>): AsyncGenerator<Buffer> {
  const doc = newDocument();
  let pages = 0;
  for await (const label of labels) {
    doc.addPage({ size: [PAGE_W, PAGE_H], margin: 0 });
    drawLabel(doc, label);
    pages++;
    const chunk = doc.read() as Buffer | null;
    if (chunk) yield chunk;
  }
  if (pages === 0) throw new RangeError('no labels to render');
  doc.end();
  const rest = doc.read() as Buffer | null;
  if (rest) yield rest;
}

/** All labels in one PDF, one 4x6 page (288 x 432 pt) per label. */
export async function renderLabelsPdf(labels: LabelData[]): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of labelsPdfChunks(labels)) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Writes the PDF to `out` page by page as labels arrive, honouring back-pressure, and ends `out`.
 * On failure `out` is destroyed with the error and the promise rejects.
 */
export async function renderLabelsPdfStream(
  labels: AsyncIterable<LabelData> | Iterable<LabelData>,
  out: Writable,
): Promise<void> {
  await pipeline(Readable.from(labelsPdfChunks(labels), { objectMode: false }), out);
}
