/**
 * Packing slips and pick lists (issue 30): per order, what goes in the box (items, quantities, SKUs) under the
 * merchant's logo; a pick list sums the items of many orders by SKU for the shelf. 4x6 (a thermal printer's,
 * printed after each label) or Letter. Merchant-facing text may be Chinese: it is drawn in the embedded CJK
 * font whenever the standard one cannot draw it, as the labels do.
 */
import PDFDocument from 'pdfkit';
import { cjkCanDraw, type Doc, withCjkFont } from './pdf-document.ts';

export type SlipPage = '4x6' | 'letter';

export interface SlipItem {
  quantity: number;
  title: string;
  sku: string;
}

/** The words a slip or pick list prints around its data, in the language of whoever reads it. */
export interface SlipWords {
  /** The slip's heading, the order number after it. */
  slip: string;
  /** The pick list's heading, with how many orders it sums. */
  pickList: (orders: number) => string;
  reference: string;
  tracking: string;
  date: string;
  shipTo: string;
  quantity: string;
  sku: string;
  item: string;
  noItems: string;
}

export interface PackingSlip {
  /** In the recipient's language unless the merchant chose one (modules/volume/downloads.ts). */
  words: SlipWords;
  orderNo: string;
  reference: string;
  trackingNo: string | null;
  date: string;
  shipTo: string[];
  items: SlipItem[];
}

export interface SlipBrand {
  name: string;
  logo: { mime: string; bytes: Buffer } | null;
}

const SIZES: Record<SlipPage, [number, number]> = { '4x6': [288, 432], letter: [612, 792] };

/**
 * The items of an order's contents as our store drafts write them (`2 × T-shirt (TS-1); 1 × Mug`); a
 * description in another form is one line of one.
 */
export function itemsOfContents(description: string): SlipItem[] {
  const text = description.trim();
  if (!text) return [];
  return text.split(/;\s*/).map((part) => {
    const match = /^(\d+)\s*[×x]\s*(.+?)(?:\s*\(([^()]+)\))?$/.exec(part.trim());
    return match
      ? { quantity: Number(match[1]), title: match[2] as string, sku: match[3] ?? '' }
      : { quantity: 1, title: part.trim(), sku: '' };
  });
}

/** Whether Helvetica (WinAnsi) draws every character; else the CJK font is used. */
const standardCovers = (text: string) => [...text].every((ch) => (ch.codePointAt(0) ?? 0) <= 0xff);

function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  size: number,
  options: { bold?: boolean; width?: number } = {},
) {
  const font = standardCovers(text) ? (options.bold ? 'Helvetica-Bold' : 'Helvetica') : withCjkFont(doc);
  const shown = standardCovers(text)
    ? text
    : [...text].map((ch) => (cjkCanDraw(ch.codePointAt(0) ?? 0) ? ch : '?')).join('');
  doc
    .font(font)
    .fontSize(size)
    .text(shown, x, y, { width: options.width, lineBreak: options.width !== undefined });
  // Where the next line starts: pdfkit moves `doc.y` past wrapped text only; one line without a width leaves
  // it where the line began (the SHIP TO heading sat on the recipient's name).
  return Math.max(doc.y, y + doc.currentLineHeight(true));
}

function header(doc: Doc, brand: SlipBrand, title: string, width: number, margin: number): number {
  let y = margin;
  if (brand.logo) {
    try {
      doc.image(brand.logo.bytes, margin, y, { fit: [width / 3, 40] });
    } catch {
      // A logo pdfkit cannot read (a WebP, a GIF): the name alone.
    }
    y += 44;
  }
  if (brand.name) y = write(doc, brand.name, margin, y, 12, { bold: true, width }) + 2;
  y = write(doc, title, margin, y, 10, { bold: true, width }) + 4;
  doc
    .moveTo(margin, y)
    .lineTo(margin + width, y)
    .stroke();
  return y + 6;
}

function itemRows(
  doc: Doc,
  words: SlipWords,
  items: SlipItem[],
  place: { y: number; margin: number; width: number; size: number },
) {
  const { y, margin, width, size } = place;
  const qty = 36;
  const sku = width * 0.3;
  write(doc, words.quantity, margin, y, size, { bold: true });
  write(doc, words.sku, margin + qty, y, size, { bold: true });
  write(doc, words.item, margin + qty + sku, y, size, { bold: true });
  let row = y + size + 6;
  for (const item of items) {
    write(doc, String(item.quantity), margin, row, size);
    write(doc, item.sku || '-', margin + qty, row, size, { width: sku - 4 });
    const end = write(doc, item.title, margin + qty + sku, row, size, { width: width - qty - sku });
    row = Math.max(end, row + size + 2) + 3;
  }
  return row;
}

async function render(page: SlipPage, title: string, draw: (doc: Doc, margin: number, width: number) => void) {
  const [w, h] = SIZES[page];
  const margin = page === '4x6' ? 14 : 40;
  const doc = new PDFDocument({
    size: [w, h],
    margin,
    autoFirstPage: false,
    info: { Title: title, Creator: 'ParcelPort' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  draw(doc, margin, w - margin * 2);
  doc.end();
  return done;
}

/** One page per order: the brand, the order's numbers and recipient, and its items. */
export async function renderPackingSlips(slips: PackingSlip[], brand: SlipBrand, page: SlipPage): Promise<Buffer> {
  const size = page === '4x6' ? 8 : 10;
  return render(page, slips[0]?.words.slip ?? '', (doc, margin, width) => {
    for (const slip of slips) {
      doc.addPage();
      const { words } = slip;
      let y = header(doc, brand, `${words.slip}  ${slip.orderNo}`, width, margin);
      const lines = [
        slip.reference && `${words.reference}: ${slip.reference}`,
        slip.trackingNo && `${words.tracking}: ${slip.trackingNo}`,
        `${words.date}: ${slip.date}`,
      ].filter(Boolean) as string[];
      for (const line of lines) y = write(doc, line, margin, y, size, { width }) + 1;
      y = write(doc, words.shipTo, margin, y + 4, size, { bold: true }) + 1;
      for (const line of slip.shipTo) y = write(doc, line, margin, y, size, { width }) + 1;
      if (slip.items.length > 0) itemRows(doc, words, slip.items, { y: y + 8, margin, width, size });
      else write(doc, words.noItems, margin, y + 8, size, { width });
    }
  });
}

/** The items of many orders summed by SKU (then title), for picking them off the shelf, in `words`' language. */
export async function renderPickList(
  slips: PackingSlip[],
  brand: SlipBrand,
  page: SlipPage,
  words: SlipWords,
): Promise<Buffer> {
  const totals = new Map<string, SlipItem>();
  for (const item of slips.flatMap((slip) => slip.items)) {
    const key = item.sku || `title:${item.title}`;
    const known = totals.get(key);
    if (known) known.quantity += item.quantity;
    else totals.set(key, { ...item });
  }
  const items = [...totals.values()].sort((a, b) => (a.sku || a.title).localeCompare(b.sku || b.title));
  const title = words.pickList(slips.length);
  return render(page, title, (doc, margin, width) => {
    doc.addPage();
    const y = header(doc, brand, title, width, margin);
    itemRows(doc, words, items, { y, margin, width, size: page === '4x6' ? 8 : 10 });
  });
}
