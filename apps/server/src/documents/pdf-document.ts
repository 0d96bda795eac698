/**
 * A pdfkit document for labels, made cheap to open and to fill: fonts parsed once, page content deflated
 * with fflate. Both reach into pdfkit's internals, so pdfkit is pinned exactly in apps/server/package.json.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { zlibSync } from 'fflate';
import PDFDocument from 'pdfkit';
import { PAGE_H, PAGE_W } from './label-layout.ts';
import { woffToSfnt } from './woff.ts';

export const REGULAR = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/** Noto Sans SC (OFL 1.1): CJK, kana, Hangul, Latin, Greek and Cyrillic, for text the standard fonts cannot draw. */
export const CJK = 'NotoSansSC';

export type Doc = PDFKit.PDFDocument;

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

/** A glyph outline command of fontkit (`moveTo`, `lineTo`, `quadraticCurveTo`, `bezierCurveTo`, `closePath`). */
export interface OutlineCommand {
  command: string;
  args: number[];
}

/** fontkit's font as far as drawing glyph outlines goes (font units, y up from the baseline). */
export interface OutlineFont {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  hasGlyphForCodePoint(codePoint: number): boolean;
  layout(text: string): {
    glyphs: { path: { commands: OutlineCommand[] } }[];
    positions: { xAdvance: number; xOffset: number; yOffset: number }[];
  };
}

/** pdfkit's font embedded from a file: the fontkit font it draws with, and its class. */
interface EmbeddedFont {
  font: OutlineFont;
  constructor: new (document: Doc, font: unknown, id: string) => object;
}

let cjkParsed: EmbeddedFont | undefined;

/**
 * Noto Sans SC as pdfkit embeds it, read and parsed once, on first use: the file is 7 MB (8 MB unpacked, ~0.7 s
 * to unpack) and most labels never need it. Each document gets its own embedded font (its own subset of the glyphs it used) over
 * the one parsed font.
 */
function cjkFont(): EmbeddedFont {
  if (!cjkParsed) {
    const file = createRequire(import.meta.url).resolve(
      '@fontsource/noto-sans-sc/files/noto-sans-sc-all-400-normal.woff',
    );
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.font(woffToSfnt(readFileSync(file)));
    cjkParsed = (doc as unknown as FontBook)._font as unknown as EmbeddedFont;
  }
  return cjkParsed;
}

/** The CJK font's outlines, for drawing its text where there is no PDF (ZPL labels draw it as a bitmap). */
export function cjkOutlines(): OutlineFont {
  return cjkFont().font;
}

/** Whether the CJK font has a glyph for the character. */
export function cjkCanDraw(codePoint: number): boolean {
  return cjkFont().font.hasGlyphForCodePoint(codePoint);
}

/** Makes the CJK font available as `CJK` on the document (once per document) and returns that name. */
export function withCjkFont(doc: Doc): string {
  const book = doc as unknown as FontBook;
  if (!book._fontFamilies[CJK]) {
    const parsed = cjkFont();
    book._fontFamilies[CJK] = new parsed.constructor(doc, parsed.font, `F${++book._fontCount}`);
  }
  return CJK;
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
export function newDocument(): Doc {
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
