/**
 * 4x6 shipping labels (DESIGN §6): PDF through pdfkit with the barcode drawn as vector bars from bwip-js's
 * encoder, and ZPL II for 203 dpi thermal printers.
 *
 * One PDFDocument serves a whole batch; pages are read off the document as each label is drawn, so a merged
 * download of thousands of labels streams without holding them all.
 */
import type { Writable } from 'node:stream';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { formatTracking } from '@parcelport/shared';
import { zlibSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { barPattern, drawBars, QUIET_MODULES } from './barcode.ts';
import type { LabelAddress, LabelBarcode, LabelData } from './types.ts';

export type { LabelAddress, LabelData } from './types.ts';

const PAGE_W = 288;
const PAGE_H = 432;
const FRAME = 3;
const INNER_W = PAGE_W - 2 * FRAME;
const TEST_MARK = 'TEST LABEL - DO NOT SHIP';

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';

type Doc = PDFKit.PDFDocument;

// ------------------------------------------------------------------ text helpers

const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** The standard PDF fonts cover WinAnsi only: fold accents away where needed and replace what is left. */
export function pdfSafe(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch)) {
      out += ch;
    } else if (code === 0x09 || code === 0x0a || code === 0x0d) {
      out += ' ';
    } else {
      const folded = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(folded) ? folded : '?';
    }
  }
  return out;
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
  const text = pdfSafe(raw);
  let size = options.size;
  doc.font(options.font ?? REGULAR).fontSize(size);
  let width = doc.widthOfString(text);
  let shown = text;
  if (options.width !== undefined && width > options.width) {
    size = Math.max(options.size * 0.6, (options.size * options.width) / width);
    doc.fontSize(size);
    width = doc.widthOfString(text);
    while (width > options.width && shown.length > 1) {
      shown = shown.slice(0, -1);
      width = doc.widthOfString(shown);
    }
  }
  let left = x;
  if (options.align === 'center' && options.width !== undefined) left = x + (options.width - width) / 2;
  if (options.align === 'right' && options.width !== undefined) left = x + options.width - width;
  doc.text(shown, left, y, { lineBreak: false });
  return size;
}

function cityLine(address: LabelAddress): string {
  return `${address.city} ${address.stateCode} ${address.zipCode}`.replace(/\s+/g, ' ').trim();
}

function addressLines(address: LabelAddress): string[] {
  const lines = [address.personName, address.company, address.addressLine1, address.addressLine2, cityLine(address)];
  if (address.countryCode && address.countryCode.toUpperCase() !== 'US') lines.push(address.countryCode.toUpperCase());
  return lines.filter((line): line is string => Boolean(line?.trim())).map((line) => line.toUpperCase());
}

// ------------------------------------------------------------------ label parts

const CARRIER_NAMES = { USPS: 'USPS', UPS: 'UPS', FEDEX: 'FedEx' } as const;
const TRACKING_TITLES = { USPS: 'USPS TRACKING # EP', UPS: 'UPS TRACKING #', FEDEX: 'FEDEX TRK #' } as const;

/** The letter in the service icon box: the class of service, as carriers print it. */
export function serviceIcon(label: Pick<LabelData, 'serviceBanner' | 'serviceName'>): string {
  const s = `${label.serviceBanner} ${label.serviceName}`.toUpperCase();
  if (/NEXT DAY|OVERNIGHT|\b1 ?DAY/.test(s)) return '1';
  if (/\b2 ?DAY|SECOND DAY/.test(s)) return '2';
  if (/\b3 ?DAY|EXPRESS SAVER/.test(s)) return '3';
  if (/EXPRESS/.test(s)) return 'E';
  if (/PRIORITY/.test(s)) return 'P';
  if (/FIRST[- ]CLASS/.test(s)) return 'F';
  if (/MEDIA/.test(s)) return 'M';
  if (/GROUND|PARCEL SELECT|HOME/.test(s)) return 'G';
  return /[A-Z0-9]/.exec(s.replace(/^(USPS|UPS|FEDEX)\s*/, ''))?.[0] ?? 'G';
}

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

/** pdfkit's bookkeeping of a document's fonts, by which a document is given fonts already parsed. */
interface FontBook {
  _fontFamilies: Record<string, object>;
  _fontCount: number;
  _font: (object & { font?: unknown }) | null;
}

/** The standard fonts the labels use, each parsed once, on a document of its own. */
const parsedFonts = new Map<string, object & { font?: unknown }>();

function parsedFont(name: string) {
  let font = parsedFonts.get(name);
  if (!font) {
    font = (new PDFDocument({ autoFirstPage: false, font: name }) as unknown as FontBook)._font ?? {};
    parsedFonts.set(name, font);
  }
  return font;
}

/** pdfkit's stream object, as far as the compression of a page's content goes. */
interface StreamRef {
  compress: boolean;
  buffer: Uint8Array[];
  data: { Filter?: string };
  finalize(): void;
}

/**
 * Deflates the page's content stream (~5 KB of drawing operators) with fflate instead of pdfkit's
 * zlib.deflateSync. Each deflateSync call leaves a zlib engine that V8's frequent young-generation collections
 * never free, only a full collection does, and with it its buffers (~16 KB, still ~14 KB with a small
 * chunkSize): a zip of 1,000 labels piled up ~20 MB of them. fflate's work is ordinary short-lived garbage
 * (the stream comes out ~100 bytes larger). Should pdfkit's stream object ever look different, pdfkit
 * compresses the page as before.
 */
function deflateContentHere(content: unknown): void {
  const ref = content as Partial<StreamRef>;
  if (ref.compress !== true || !Array.isArray(ref.buffer) || typeof ref.finalize !== 'function' || !ref.data) return;
  const finalize = ref.finalize;
  ref.compress = false;
  ref.finalize = function (this: StreamRef) {
    if (this.buffer.length > 0) {
      this.buffer = [zlibSync(Buffer.concat(this.buffer), { mem: 4 })];
      this.data.Filter = 'FlateDecode';
    }
    finalize.call(this);
  };
}

/**
 * A document for labels. pdfkit parses a standard font's metrics (its kerning table: thousands of pairs) for
 * every document anew, which is most of the cost of a one-label PDF (~0.5 ms, ~1 MB of garbage per label
 * in a zip of thousands). The metrics never change, so each document gets its own font objects (its own
 * id and PDF reference) over the metrics parsed once. Should pdfkit's bookkeeping ever look different,
 * the document parses its fonts as usual.
 */
function newDocument(): Doc {
  const doc = new PDFDocument({
    size: [PAGE_W, PAGE_H],
    margin: 0,
    autoFirstPage: false,
    info: { Title: 'Shipping labels', Creator: 'ParcelPort' },
    font: null as unknown as string,
  });
  const book = doc as unknown as FontBook;
  if (typeof book._fontCount === 'number' && typeof book._fontFamilies === 'object') {
    for (const name of [REGULAR, BOLD]) {
      const parsed = parsedFont(name);
      if (!parsed.font) continue;
      book._fontFamilies[name] = Object.assign(Object.create(Object.getPrototypeOf(parsed)), parsed, {
        document: doc,
        id: `F${++book._fontCount}`,
        dictionary: undefined,
        embedded: false,
      });
    }
  }
  doc.on('pageAdded', () => deflateContentHere(doc.page.content));
  return doc.font(REGULAR);
}

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

// ------------------------------------------------------------------ ZPL

const ZPL_DPI = 203;
const zplDots = (points: number) => Math.round((points * ZPL_DPI) / 72);

/** Field data (UTF-8 under ^CI28) with ^FH escapes for the characters ZPL reserves. */
function zplText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/[\r\n\t]/g, ' ')
    .replace(/_/g, '_5F')
    .replace(/\^/g, '_5E')
    .replace(/~/g, '_7E');
}

function zplField(x: number, y: number, height: number, text: string, width?: number, align = 'L'): string {
  const block = width === undefined ? '' : `^FB${width},1,0,${align},0`;
  return `^FO${x},${y}^A0N,${height},${Math.round(height * 0.9)}${block}^FH^FD${zplText(text)}^FS`;
}

/**
 * The Code 128 field of the barcode: GS1-128 data "(420)90210(92)…" becomes start C, FNC1 before each AI
 * (so a scanner reads 420 90210 <GS> 92…); plain Code 128 uses ZPL's automatic subset mode.
 */
export function zplBarcodeField(barcode: LabelBarcode, heightDots: number): string {
  if (barcode.symbology === 'gs1-128') {
    const parts = [...barcode.data.matchAll(/\((\d{2,4})\)([^(]*)/g)];
    if (parts.length === 0) throw new RangeError(`not GS1 bracketed data: ${barcode.data}`);
    const body = parts.map(([, ai, value]) => `>8${ai}${value}`).join('');
    const numeric = /^(>8\d+)+$/.test(body) && parts.every(([, ai, value]) => (ai! + value!).length % 2 === 0);
    return `^BCN,${heightDots},N,N,N,N^FD${numeric ? '>;' : '>:'}${body}^FS`;
  }
  return `^BCN,${heightDots},N,N,N,A^FD${zplText(barcode.data)}^FS`;
}

/** One 4x6 label in ZPL II for a 203 dpi printer (812 x 1218 dots). */
export function renderLabelZpl(label: LabelData): string {
  const W = zplDots(PAGE_W);
  const H = zplDots(PAGE_H);
  const f = FRAME;
  const out: string[] = ['^XA', '^CI28', `^PW${W}`, `^LL${H}`, '^LH0,0'];
  out.push(`^FO${zplDots(f)},${zplDots(f)}^GB${W - 2 * zplDots(f)},${H - 2 * zplDots(f)},4^FS`);
  // header: icon box, carrier, package count, ship data
  const box = zplDots(84);
  out.push(`^FO${zplDots(f)},${zplDots(f)}^GB${box},${box},${box}^FS`);
  out.push(`^FO${zplDots(f)},${zplDots(f) + 22}^A0N,200,180^FB${box},1,0,C,0^FR^FD${serviceIcon(label)}^FS`);
  const x = zplDots(f + 84 + 8);
  out.push(zplField(x, zplDots(f + 7), 64, CARRIER_NAMES[label.carrierCode]));
  out.push(zplField(W - 230, zplDots(f + 7), 20, 'PACKAGE', 210, 'R'));
  out.push(zplField(W - 230, zplDots(f + 16), 42, `${label.parcelIndex} OF ${label.parcelCount}`, 210, 'R'));
  const rows: string[] = [`SHIP DATE  ${label.shipDate}`, `WEIGHT  ${label.weight}`];
  if (label.dimensions) rows.push(`DIMS  ${label.dimensions}`);
  if (label.zone !== undefined && label.zone !== null) rows.push(`ZONE  ${label.zone}`);
  rows.forEach((row, i) => {
    out.push(zplField(x, zplDots(f + 38 + i * 10), 22, row));
  });
  // banner
  const bannerTop = zplDots(87);
  out.push(`^FO${zplDots(f)},${bannerTop}^GB${W - 2 * zplDots(f)},${zplDots(30)},${zplDots(30)}^FS`);
  out.push(
    `^FO${zplDots(f)},${bannerTop + 18}^A0N,48,44^FB${W - 2 * zplDots(f)},1,0,C,0^FR^FH^FD${zplText(label.serviceBanner.toUpperCase())}^FS`,
  );
  // sender
  addressLines(label.from).forEach((line, i) => {
    out.push(zplField(zplDots(10), zplDots(122 + i * 9), 22, line, 500));
  });
  // recipient
  out.push(zplField(zplDots(10), zplDots(185), 24, 'SHIP'));
  out.push(zplField(zplDots(10), zplDots(194), 24, 'TO:'));
  let y = zplDots(184);
  for (const line of addressLines(label.to)) {
    out.push(zplField(zplDots(38), y, 36, line, W - zplDots(38) - 30));
    y += 42;
  }
  // tracking barcode
  out.push(`^FO${zplDots(f)},${zplDots(290)}^GB${W - 2 * zplDots(f)},4,4^FS`);
  out.push(zplField(0, zplDots(295), 26, TRACKING_TITLES[label.carrierCode], W, 'C'));
  const modules = barPattern(label.barcode).modules;
  const dots = Math.max(2, Math.min(4, Math.floor((W - 40) / (modules + 2 * QUIET_MODULES))));
  const barX = Math.round((W - modules * dots) / 2);
  out.push(`^BY${dots},3,${zplDots(62)}`);
  out.push(`^FO${barX},${zplDots(308)}${zplBarcodeField(label.barcode, zplDots(62))}`);
  out.push(zplField(0, zplDots(374), 34, formatTracking(label.carrierCode, label.trackingNumber), W, 'C'));
  out.push(`^FO${zplDots(f)},${zplDots(394)}^GB${W - 2 * zplDots(f)},4,4^FS`);
  // footer
  const refs: string[] = [];
  if (label.reference1) refs.push(`REF 1  ${label.reference1}`);
  if (label.reference2) refs.push(`REF 2  ${label.reference2}`);
  refs.push(`ORDER #  ${label.orderNo}`);
  refs.forEach((row, i) => {
    out.push(zplField(zplDots(10), zplDots(400 + i * 10), 22, row, 440));
  });
  out.push(zplField(W - 260, zplDots(400), 22, label.serviceName, 240, 'R'));
  if (label.test) {
    // ZPL has no diagonal text: a reversed band across the middle of the label says it instead.
    out.push(`^FO0,${zplDots(150)}^GB${W},70,70^FS`);
    out.push(`^FO0,${zplDots(150) + 12}^A0N,56,50^FB${W},1,0,C,0^FR^FD${TEST_MARK}^FS`);
  }
  out.push('^PQ1');
  out.push('^XZ');
  return `${out.join('\n')}\n`;
}
