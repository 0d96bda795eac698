/**
 * Text drawn as a one-bit bitmap from a font's outlines, for printers that cannot draw its characters
 * themselves: a thermal printer's resident ZPL font has no Chinese, so a ZPL label sends such text as a
 * graphic field instead.
 */
import type { OutlineCommand, OutlineFont } from './pdf-document.ts';

/** Rows of pixels, 1 = black, eight to a byte with the leftmost pixel in the high bit (ZPL's ^GF layout). */
export interface Bitmap {
  width: number;
  height: number;
  bytesPerRow: number;
  rows: Uint8Array;
}

/** A straight piece of an outline, in pixels (y down). */
interface Edge {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Straight pieces per curve: at label sizes (a glyph under 60 pixels high) finer steps change no pixel. */
const CURVE_STEPS = 8;

/** The outline's edges: curves cut into straight pieces, each contour closed. */
function outlineEdges(commands: OutlineCommand[], toPixel: (x: number, y: number) => [number, number]): Edge[] {
  const edges: Edge[] = [];
  let start: [number, number] = [0, 0];
  let at: [number, number] = [0, 0];
  const lineTo = (to: [number, number]) => {
    if (to[1] !== at[1]) edges.push({ x0: at[0], y0: at[1], x1: to[0], y1: to[1] });
    at = to;
  };
  for (const { command, args } of commands) {
    if (command === 'moveTo') {
      lineTo(start);
      start = toPixel(args[0]!, args[1]!);
      at = start;
    } else if (command === 'lineTo') {
      lineTo(toPixel(args[0]!, args[1]!));
    } else if (command === 'quadraticCurveTo' || command === 'bezierCurveTo') {
      const from = at;
      const points = [from];
      for (let i = 0; i < args.length; i += 2) points.push(toPixel(args[i]!, args[i + 1]!));
      for (let step = 1; step <= CURVE_STEPS; step++) lineTo(pointOnCurve(points, step / CURVE_STEPS));
    } else if (command === 'closePath') {
      lineTo(start);
    }
  }
  lineTo(start);
  return edges;
}

/** The point at `t` of a Bézier curve given by its control points (de Casteljau). */
function pointOnCurve(points: [number, number][], t: number): [number, number] {
  let level = points;
  while (level.length > 1) {
    level = level.slice(1).map((point, i) => {
      const before = level[i]!;
      return [before[0] + (point[0] - before[0]) * t, before[1] + (point[1] - before[1]) * t] as [number, number];
    });
  }
  return level[0]!;
}

/**
 * The text in `font`, `height` pixels from the top of its highest glyph to the bottom of its lowest, cut at
 * `maxWidth`. A pixel is black when its centre is inside the outline (non-zero winding, as fonts are drawn).
 */
export function textBitmap(
  font: OutlineFont,
  text: string,
  height: number,
  maxWidth = Number.POSITIVE_INFINITY,
): Bitmap {
  const scale = height / (font.ascent - font.descent);
  const baseline = font.ascent * scale;
  const run = font.layout(text);
  const edges: Edge[] = [];
  let penX = 0;
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i]!;
    const originX = penX + position.xOffset * scale;
    const originY = baseline - position.yOffset * scale;
    edges.push(...outlineEdges(glyph.path.commands, (x, y) => [originX + x * scale, originY - y * scale]));
    penX += position.xAdvance * scale;
  });
  const width = Math.max(1, Math.min(Math.ceil(penX), Math.floor(maxWidth)));
  const bytesPerRow = Math.ceil(width / 8);
  const rows = new Uint8Array(bytesPerRow * height);
  for (let row = 0; row < height; row++) {
    const y = row + 0.5;
    const crossings: { x: number; winding: number }[] = [];
    for (const edge of edges) {
      const [top, bottom] = edge.y0 < edge.y1 ? [edge.y0, edge.y1] : [edge.y1, edge.y0];
      if (y < top || y >= bottom) continue;
      const x = edge.x0 + ((y - edge.y0) / (edge.y1 - edge.y0)) * (edge.x1 - edge.x0);
      crossings.push({ x, winding: edge.y1 > edge.y0 ? 1 : -1 });
    }
    crossings.sort((a, b) => a.x - b.x);
    let winding = 0;
    crossings.forEach((crossing, i) => {
      winding += crossing.winding;
      const next = crossings[i + 1];
      if (winding === 0 || !next) return;
      // Pixels whose centre lies between this crossing and the next.
      const first = Math.max(0, Math.ceil(crossing.x - 0.5));
      const last = Math.min(width - 1, Math.ceil(next.x - 0.5) - 1);
      for (let x = first; x <= last; x++) rows[row * bytesPerRow + (x >> 3)]! |= 0x80 >> (x & 7);
    });
  }
  return { width, height, bytesPerRow, rows };
}
