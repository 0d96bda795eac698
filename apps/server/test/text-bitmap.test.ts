/**
 * Text drawn as a bitmap from the CJK font's outlines (what a ZPL label sends for characters the printer's
 * font lacks), checked against poppler (Debian's poppler-utils, which .ci/run installs): the same text in the
 * same font on a PDF page of the same size, rasterised by pdftoppm, has the same black pixels.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cjkOutlines, withCjkFont } from '../src/documents/pdf-document.ts';
import { type Bitmap, textBitmap } from '../src/documents/text-bitmap.ts';

const run = promisify(execFile);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'text-bitmap-'));
});
afterAll(async () => rm(dir, { recursive: true, force: true }));

const black = (bitmap: Bitmap, x: number, y: number) =>
  ((bitmap.rows[y * bitmap.bytesPerRow + (x >> 3)] ?? 0) & (0x80 >> (x & 7))) !== 0;

/** The text drawn by pdfkit in the CJK font on a page of the bitmap's size (1 pt = 1 pixel), read back by pdftoppm. */
async function popplerBitmap(text: string, like: Bitmap): Promise<Bitmap> {
  const font = cjkOutlines();
  const doc = new PDFDocument({ size: [like.width, like.height], margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  // pdfkit puts the line's top at y and its baseline one ascent below, as the bitmap does.
  doc
    .font(withCjkFont(doc))
    .fontSize((like.height * font.unitsPerEm) / (font.ascent - font.descent))
    .text(text, 0, 0, { lineBreak: false });
  doc.end();
  await ended;
  const pdf = join(dir, `${like.width}x${like.height}.pdf`);
  await writeFile(pdf, Buffer.concat(chunks));
  await run('pdftoppm', ['-r', '72', '-mono', '-singlefile', pdf, pdf]);
  // A plain PBM: "P4\n<width> <height>\n" then rows of bits, 1 = black, as Bitmap holds them.
  const pbm = await readFile(`${pdf}.pbm`);
  const header = /^P4\s+(\d+)\s+(\d+)\s/.exec(pbm.toString('latin1', 0, 40))!;
  const [width, height] = [Number(header[1]), Number(header[2])];
  const bytesPerRow = Math.ceil(width / 8);
  return { width, height, bytesPerRow, rows: new Uint8Array(pbm.subarray(header[0].length)) };
}

test.each([
  ['深圳市前海贸易有限公司', 48],
  ['张伟 订单参考 B-12', 30],
])('"%s" at %i dots has the black pixels poppler draws for the same text in the same font', async (text, height) => {
  const bitmap = textBitmap(cjkOutlines(), text, height);
  expect(bitmap.height).toBe(height);
  expect(bitmap.rows).toHaveLength(bitmap.bytesPerRow * height);
  const reference = await popplerBitmap(text, bitmap);
  expect([reference.width, reference.height]).toEqual([bitmap.width, bitmap.height]);
  // Each black pixel of one has a black pixel of the other at most one pixel away: one-bit edges may go either
  // way between two rasterisers (a stroke 1.5 pixels wide is drawn 1 or 2 wide), a misplaced or misdrawn
  // glyph cannot. And there is ink enough to be text: a blank or a solid block would fail.
  const ink = (bitmap: Bitmap) => {
    const pixels: [number, number][] = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < bitmap.width; x++) if (black(bitmap, x, y)) pixels.push([x, y]);
    return pixels;
  };
  const near = (bitmap: Bitmap, [x, y]: [number, number]) =>
    [-1, 0, 1].some((dy) => [-1, 0, 1].some((dx) => x + dx >= 0 && black(bitmap, x + dx, y + dy)));
  const [ours, theirs] = [ink(bitmap), ink(reference)];
  expect(ours.length).toBeGreaterThan(bitmap.width * height * 0.1);
  expect(ours.length).toBeLessThan(bitmap.width * height * 0.5);
  expect(ours.filter((pixel) => near(reference, pixel)).length / ours.length).toBeGreaterThan(0.98);
  expect(theirs.filter((pixel) => near(bitmap, pixel)).length / theirs.length).toBeGreaterThan(0.98);
});

test('a bitmap is cut at the width it may take', () => {
  const whole = textBitmap(cjkOutlines(), '深圳市前海贸易有限公司', 40);
  const cut = textBitmap(cjkOutlines(), '深圳市前海贸易有限公司', 40, 100);
  expect(whole.width).toBeGreaterThan(300);
  expect(cut.width).toBe(100);
  expect(cut.bytesPerRow).toBe(13);
});
