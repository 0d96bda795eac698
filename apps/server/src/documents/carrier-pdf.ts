/**
 * Label documents a carrier issued, as 4x6 PDF pages: its PDF pages copied as they are, a PNG label placed
 * on a 4x6 page (turned upright when it came landscape, scaled to fit, centred). Used for a download and
 * for a merged PDF that mixes carrier labels with labels drawn here.
 *
 * pdf-lib is loaded on the first such file, not at start: the labels drawn here (pdfkit) never need it, and
 * its ~0.8 MB of source stayed in the memory of every server (bench/README.md, 2026-11-29).
 */
import { PAGE_H, PAGE_W } from './label-layout.ts';

export interface PdfPart {
  format: 'pdf' | 'png';
  bytes: Buffer;
}

export async function labelPagesPdf(parts: Iterable<PdfPart> | AsyncIterable<PdfPart>): Promise<Buffer> {
  const { degrees, PDFDocument } = await import('pdf-lib'); // loaded on first use
  const out = await PDFDocument.create();
  for await (const part of parts) {
    if (part.format === 'pdf') {
      const source = await PDFDocument.load(part.bytes);
      for (const page of await out.copyPages(source, source.getPageIndices())) out.addPage(page);
      continue;
    }
    const image = await out.embedPng(part.bytes);
    const page = out.addPage([PAGE_W, PAGE_H]);
    if (image.width > image.height) {
      // Turned a quarter to the left: its width runs up the page, its height across it.
      const scale = Math.min(PAGE_W / image.height, PAGE_H / image.width);
      const [width, height] = [image.width * scale, image.height * scale];
      page.drawImage(image, { x: (PAGE_W + height) / 2, y: (PAGE_H - width) / 2, width, height, rotate: degrees(90) });
    } else {
      const scale = Math.min(PAGE_W / image.width, PAGE_H / image.height);
      const [width, height] = [image.width * scale, image.height * scale];
      page.drawImage(image, { x: (PAGE_W - width) / 2, y: (PAGE_H - height) / 2, width, height });
    }
  }
  return Buffer.from(await out.save());
}
