import bwipjs from 'bwip-js';
import type { LabelBarcode } from './types.ts';

/** Linear barcodes drawn as vector bars from bwip-js's encoder, shared by labels and manifests. */
type Doc = PDFKit.PDFDocument;

/** One printer dot at 203 dpi, in points: bar widths are whole dots so thermal printers print them evenly. */
const DOT_203 = 72 / 203;
export const QUIET_MODULES = 10;

export interface BarPattern {
  /** Total width in modules, quiet zones excluded. */
  modules: number;
  /** Bars as [start, width] in modules. */
  bars: Array<[number, number]>;
}

/** The bars of a linear barcode, from bwip-js's encoder (no raster image is ever made). */
export function barPattern(barcode: LabelBarcode): BarPattern {
  const bcid = barcode.symbology === 'gs1-128' ? 'gs1-128' : 'code128';
  if (!barcode.data) throw new RangeError(`empty ${bcid} barcode data`);
  let encoded: Array<{ sbs?: number[] }>;
  try {
    encoded = bwipjs.raw({ bcid, text: barcode.data }) as Array<{ sbs?: number[] }>;
  } catch (error) {
    throw new RangeError(`cannot encode ${bcid} barcode "${barcode.data}": ${(error as Error).message}`);
  }
  const first = encoded[0];
  if (!first?.sbs) throw new RangeError(`${bcid} gave no linear pattern`);
  const bars: Array<[number, number]> = [];
  let x = 0;
  for (let i = 0; i < first.sbs.length; i++) {
    const width = first.sbs[i]!;
    if (i % 2 === 0) bars.push([x, width]);
    x += width;
  }
  return { modules: x, bars };
}

/** Module width in whole 203-dpi dots (2-4) that fits the pattern and its quiet zones into `maxWidth` points. */
function moduleWidth(modules: number, maxWidth: number): number {
  for (let dots = 4; dots >= 2; dots--) {
    if ((modules + 2 * QUIET_MODULES) * dots * DOT_203 <= maxWidth) return dots * DOT_203;
  }
  return maxWidth / (modules + 2 * QUIET_MODULES);
}

/** Draws the bars centred on `centerX`, as wide as fits `maxWidth`; answers the module width used. */
export function drawBars(
  doc: Doc,
  pattern: BarPattern,
  centerX: number,
  y: number,
  height: number,
  maxWidth: number,
): number {
  const x = moduleWidth(pattern.modules, maxWidth);
  const left = centerX - (pattern.modules * x) / 2;
  for (const [start, width] of pattern.bars) doc.rect(left + start * x, y, width * x, height);
  doc.fillColor('black').fill();
  return x;
}
