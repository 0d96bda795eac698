/** 4x6 shipping labels in ZPL II for 203 dpi thermal printers. */
import { formatTracking } from '@parcelport/shared';
import { barPattern, QUIET_MODULES } from './barcode.ts';
import {
  addressLines,
  asciiFolded,
  CARRIER_NAMES,
  FRAME,
  PAGE_H,
  PAGE_W,
  serviceIcon,
  TEST_MARK,
  TRACKING_TITLES,
} from './label-layout.ts';
import { cjkOutlines } from './pdf-document.ts';
import { type Bitmap, textBitmap } from './text-bitmap.ts';
import type { LabelBarcode, LabelData } from './types.ts';

const ZPL_DPI = 203;
const zplDots = (points: number) => Math.round((points * ZPL_DPI) / 72);

/** Field data (UTF-8 under ^CI28) with ^FH escapes for the characters ZPL reserves. */
function zplText(text: string): string {
  return text.replace(/_/g, '_5F').replace(/\^/g, '_5E').replace(/~/g, '_7E');
}

/** One character as the printer's resident font 0 draws it (Latin-1), accents folded away where needed; or null. */
function inFontZero(ch: string): string | null {
  const code = ch.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) ? ch : asciiFolded(ch);
}

/** A bitmap as a ZPL graphic field (^GF, ASCII hex). */
function zplGraphic(bitmap: Bitmap): string {
  const bytes = bitmap.rows.length;
  const hex = Buffer.from(bitmap.rows).toString('hex').toUpperCase();
  return `^GFA,${bytes},${bytes},${bitmap.bytesPerRow},${hex}`;
}

/**
 * A line of text `height` dots high at (x, y), within `width` dots aligned L, C or R. Text font 0 can print
 * goes as text; text it cannot (Chinese names, references and remarks) is drawn from the embedded CJK font
 * as a graphic, so a label never prints a character other than the one given.
 */
function zplField(x: number, y: number, height: number, raw: string, width?: number, align = 'L'): string {
  const chars = [...raw.normalize('NFC').replace(/[\r\n\t]/g, ' ')];
  const printable = chars.map(inFontZero);
  if (printable.every((ch) => ch !== null)) {
    const block = width === undefined ? '' : `^FB${width},1,0,${align},0`;
    return `^FO${x},${y}^A0N,${height},${Math.round(height * 0.9)}${block}^FH^FD${zplText(printable.join(''))}^FS`;
  }
  const bitmap = textBitmap(cjkOutlines(), chars.join(''), height, width);
  const free = width === undefined ? 0 : width - bitmap.width;
  const left = align === 'C' ? x + Math.floor(free / 2) : align === 'R' ? x + free : x;
  return `^FO${left},${y}${zplGraphic(bitmap)}^FS`;
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
