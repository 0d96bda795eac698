import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import {
  isValidTracking,
  isValidUsps,
  makeFedexTracking,
  makeUpsTracking,
  makeUspsImpb,
  uspsBarcodeData,
} from '@parcelport/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { renderLabelsPdf, renderLabelsPdfStream } from '../src/documents/label-pdf.ts';
import { renderLabelZpl } from '../src/documents/label-zpl.ts';
import type { LabelAddress, LabelData } from '../src/documents/types.ts';

// Rasterising and barcode reading use Debian's poppler-utils (pdftoppm, pdftotext) and zbar-tools (zbarimg);
// .ci/run installs them. They are required: a missing tool fails these tests rather than skipping them.
const run = promisify(execFile);

const FROM: LabelAddress = {
  personName: 'Shipping Dept',
  company: 'Acme Outdoor Supply',
  addressLine1: '1200 Industrial Pkwy',
  addressLine2: 'Dock 4',
  city: 'Reno',
  stateCode: 'NV',
  zipCode: '89502',
  countryCode: 'US',
  phone: '775-555-0142',
};
const TO: LabelAddress = {
  personName: 'Jane Müller',
  company: 'Bright Ideas LLC',
  addressLine1: '9450 Wilshire Blvd Ste 300',
  city: 'Beverly Hills',
  stateCode: 'CA',
  zipCode: '90212-3412',
  countryCode: 'US',
};

function uspsLabel(serial: number, overrides: Partial<LabelData> = {}): LabelData {
  const trackingNumber = makeUspsImpb('001', '902123456', serial);
  return {
    carrierCode: 'USPS',
    serviceName: 'Ground Advantage',
    serviceBanner: 'USPS GROUND ADVANTAGE',
    trackingNumber,
    barcode: { symbology: 'gs1-128', data: uspsBarcodeData('90212', trackingNumber) },
    from: FROM,
    to: TO,
    weight: '2.50 lb',
    dimensions: '12 x 8 x 6 in',
    reference1: 'PO-44871',
    reference2: 'SKU TENT-2P',
    orderNo: 'PP2405010001',
    shipDate: '2024-05-01',
    parcelIndex: 1,
    parcelCount: 2,
    zone: 5,
    test: false,
    ...overrides,
  };
}

function upsLabel(packageId: number, overrides: Partial<LabelData> = {}): LabelData {
  const trackingNumber = makeUpsTracking('R0W9K2', '03', packageId);
  return {
    ...uspsLabel(0),
    carrierCode: 'UPS',
    serviceName: 'UPS Ground',
    serviceBanner: 'UPS GROUND',
    trackingNumber,
    barcode: { symbology: 'code128', data: trackingNumber },
    orderNo: 'PP2405010002',
    parcelIndex: 2,
    zone: 8,
    ...overrides,
  };
}

function fedexLabel(serial: number, overrides: Partial<LabelData> = {}): LabelData {
  const trackingNumber = makeFedexTracking(serial);
  return {
    ...uspsLabel(0),
    carrierCode: 'FEDEX',
    serviceName: 'FedEx 2Day',
    serviceBanner: 'FEDEX 2DAY',
    trackingNumber,
    barcode: { symbology: 'code128', data: trackingNumber },
    reference2: undefined,
    dimensions: undefined,
    orderNo: 'PP2405010003',
    zone: null,
    ...overrides,
  };
}

let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'labels-'));
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

let fileCount = 0;
async function writePdf(pdf: Buffer): Promise<string> {
  const file = join(dir, `labels-${++fileCount}.pdf`);
  await writeFile(file, pdf);
  return file;
}

/** Rasterises one page at 300 dpi and reads its Code 128 / GS1-128 barcodes with zbar. */
async function decodePage(pdfFile: string, page: number): Promise<string[]> {
  const prefix = join(dir, `page-${++fileCount}`);
  await run('pdftoppm', ['-r', '300', '-png', '-f', String(page), '-l', String(page), '-singlefile', pdfFile, prefix]);
  try {
    const { stdout } = await run('zbarimg', ['--raw', '-q', '-Sdisable', '-Scode128.enable', `${prefix}.png`]);
    return stdout.split('\n').filter(Boolean);
  } catch (error) {
    // zbarimg exits 4 when it finds no barcode: that is a failed read, reported as no symbols.
    if ((error as { code?: number }).code === 4) return [];
    throw error;
  }
}

async function pageText(pdfFile: string, page: number): Promise<string> {
  const { stdout } = await run('pdftotext', ['-raw', '-f', String(page), '-l', String(page), pdfFile, '-']);
  return stdout;
}

const compact = (text: string) => text.replace(/\s+/g, '');

describe('label PDF', () => {
  test('one 288 x 432 pt page per label', async () => {
    const labels = [uspsLabel(1234567), upsLabel(7654321), fedexLabel(12345678901)];
    for (const label of labels) expect(isValidTracking(label.carrierCode, label.trackingNumber)).toBe(true);
    const pdf = await renderLabelsPdf(labels);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(3);
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      expect(width).toBe(288);
      expect(height).toBe(432);
    }
    const single = await PDFDocument.load(await renderLabelsPdf([fedexLabel(5)]));
    expect(single.getPageCount()).toBe(1);
  });

  test('the drawing of each page is deflated: a one-label PDF stays under 3 KB', async () => {
    const pdf = await renderLabelsPdf([upsLabel(3)]);
    expect(pdf.toString('latin1').match(/\/Filter \/FlateDecode/g)).toHaveLength(1);
    expect(pdf.length).toBeLessThan(3 * 1024);
    const two = await renderLabelsPdf([upsLabel(4), fedexLabel(5)]);
    expect(two.toString('latin1').match(/\/Filter \/FlateDecode/g)).toHaveLength(2);
  });

  test('every barcode scans back to its tracking number (USPS GS1-128, UPS and FedEx Code 128)', async () => {
    const usps = uspsLabel(1234567);
    const ups = upsLabel(7654321);
    const fedex = fedexLabel(98657878885);
    const file = await writePdf(await renderLabelsPdf([usps, ups, fedex]));

    const [uspsRead] = await decodePage(file, 1);
    // IMpb: FNC1 420 ZIP5, FNC1 (a GS when read), then the 22-digit tracking number whose "92" is the AI.
    expect(uspsRead).toBe(`42090212\x1d${usps.trackingNumber}`);
    expect(uspsRead!.endsWith(usps.trackingNumber)).toBe(true);
    expect(isValidUsps(uspsRead!)).toBe(true);

    expect(await decodePage(file, 2)).toEqual([ups.trackingNumber]);
    expect(await decodePage(file, 3)).toEqual(['986578788855']);
  });

  test('the human-readable tracking number is printed under the barcode in groups', async () => {
    const usps = uspsLabel(42);
    const file = await writePdf(await renderLabelsPdf([usps, upsLabel(1)]));
    const text = await pageText(file, 1);
    expect(text).toContain('USPS TRACKING #');
    expect(text).toContain(usps.trackingNumber.replace(/(.{4})(?=.)/g, '$1 '));
    expect(text).toContain('USPS GROUND ADVANTAGE');
    expect(text).toContain('BEVERLY HILLS CA 90212-3412');
    expect(text).toContain('PO-44871');
    expect(text).toContain('PP2405010001');
    expect(text).toContain('1 OF 2');
    const upsText = await pageText(file, 2);
    const t = upsLabel(1).trackingNumber;
    expect(upsText).toContain(`${t.slice(0, 2)} ${t.slice(2, 5)} ${t.slice(5, 8)} ${t.slice(8, 10)}`);
  });

  test('test-mode labels are marked across the label; live labels are not, and both still scan', async () => {
    const live = upsLabel(11);
    const trial = upsLabel(12, { test: true });
    const file = await writePdf(await renderLabelsPdf([live, trial]));
    const mark = 'TESTLABEL-DONOTSHIP';
    expect(compact(await pageText(file, 1))).not.toContain(mark);
    const testText = compact(await pageText(file, 2));
    // Once diagonally across the label (read letter by letter) and once in the footer.
    expect(testText.split(mark).length - 1).toBeGreaterThanOrEqual(2);
    expect(await decodePage(file, 2)).toEqual([trial.trackingNumber]);
  });

  test('text outside the standard fonts does not break the page', async () => {
    const label = fedexLabel(77, { to: { ...TO, personName: '张伟 Zhang Wei', addressLine2: 'Café Ünïcode ✓' } });
    const file = await writePdf(await renderLabelsPdf([label]));
    const text = await pageText(file, 1);
    expect(text).toContain('ZHANG WEI');
    expect(text).toContain('CAFÉ ÜNÏCODE');
    expect(await decodePage(file, 1)).toEqual([label.trackingNumber]);
  });

  test('Chinese in any field prints in the embedded CJK font, and a character no font has is a box, never "?"', async () => {
    const from = { ...FROM, personName: '张伟', company: '深圳市前海贸易有限公司', addressLine2: '仓库 B 区' };
    const to = { ...TO, personName: 'Łukasz Dąbrowski 王', company: 'Đặng Ltd' };
    const label = upsLabel(78, { from, to, reference1: '订单参考', reference2: 'Заказ 😀' });
    const file = await writePdf(await renderLabelsPdf([label]));
    const text = await pageText(file, 1);
    for (const written of ['张伟', '深圳市前海贸易有限公司', '仓库 B 区', '订单参考', 'Заказ □'])
      expect(text).toContain(written);
    expect(text).not.toContain('?');
    expect(await decodePage(file, 1)).toEqual([label.trackingNumber]);
  });

  test('a barcode the encoder refuses is an error naming the data', async () => {
    // AI 01 (GTIN) needs 14 digits.
    await expect(
      renderLabelsPdf([uspsLabel(1, { barcode: { symbology: 'gs1-128', data: '(01)12345' } })]),
    ).rejects.toThrow(/\(01\)12345/);
    await expect(renderLabelsPdf([upsLabel(1, { barcode: { symbology: 'code128', data: '' } })])).rejects.toThrow(
      /empty/,
    );
    await expect(renderLabelsPdf([])).rejects.toThrow(/no labels/);
  });
});

describe('streamed label PDF', () => {
  test('writes pages while labels are still coming, and the result has one page per label', async () => {
    const chunks: Buffer[] = [];
    let received = 0;
    const out = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        received += chunk.length;
        setImmediate(done);
      },
    });
    const receivedWhenAsked: number[] = [];
    async function* labels(): AsyncGenerator<LabelData> {
      for (let i = 0; i < 5; i++) {
        receivedWhenAsked.push(received);
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield i % 2 === 0 ? uspsLabel(i) : fedexLabel(i);
      }
    }
    await renderLabelsPdfStream(labels(), out);
    expect(out.writableFinished).toBe(true);
    // Earlier pages had reached the writer before the last labels were even produced.
    expect(receivedWhenAsked[0]).toBe(0);
    expect(receivedWhenAsked[4]).toBeGreaterThan(0);
    const pdf = Buffer.concat(chunks);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(5);
    for (const page of doc.getPages()) expect(page.getSize()).toEqual({ width: 288, height: 432 });

    const buffered = await PDFDocument.load(await renderLabelsPdf([0, 1, 2, 3, 4].map((i) => uspsLabel(i))));
    expect(buffered.getPageCount()).toBe(doc.getPageCount());

    const file = await writePdf(pdf);
    expect(await decodePage(file, 5)).toEqual([`42090212\x1d${uspsLabel(4).trackingNumber}`]);
  });

  test('accepts a plain iterable and fails the writer when a label cannot be drawn', async () => {
    const chunks: Buffer[] = [];
    const sink = () =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
    await renderLabelsPdfStream([upsLabel(1), upsLabel(2)], sink());
    expect((await PDFDocument.load(Buffer.concat(chunks))).getPageCount()).toBe(2);

    const broken = sink();
    const bad = upsLabel(3, { barcode: { symbology: 'code128', data: '' } });
    await expect(renderLabelsPdfStream([upsLabel(1), bad], broken)).rejects.toThrow();
    expect(broken.destroyed).toBe(true);
  });
});

describe('label ZPL', () => {
  test('a 4x6 203 dpi ZPL II label with the Code 128 tracking barcode', () => {
    const label = upsLabel(7654321, { test: true });
    const zpl = renderLabelZpl(label);
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trimEnd().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    expect(zpl).toMatch(new RegExp(`\\^BCN,\\d+,N,N,N,A\\^FD${label.trackingNumber}\\^FS`));
    expect(zpl).toContain('UPS GROUND');
    expect(zpl).toContain('TEST LABEL - DO NOT SHIP');
    expect(renderLabelZpl({ ...label, test: false })).not.toContain('DO NOT SHIP');
    // Every field is closed.
    const fields = zpl.match(/\^FD/g)?.length ?? 0;
    expect(fields).toBeGreaterThan(15);
    expect(zpl.match(/\^FD[^^]*\^FS/g)).toHaveLength(fields);
  });

  test('USPS IMpb is GS1-128 in ZPL: subset C, FNC1 before AI 420 and before the tracking number', () => {
    const label = uspsLabel(1234567);
    const zpl = renderLabelZpl(label);
    expect(zpl).toContain(`^FD>;>842090212>8${label.trackingNumber}^FS`);
    const fedex = fedexLabel(98657878885);
    expect(renderLabelZpl(fedex)).toContain('^FD986578788855^FS');
  });

  test("Chinese the printer's font cannot print is sent as graphics, never as text it would misprint", () => {
    const from = { ...FROM, personName: '张伟', company: '深圳市前海贸易有限公司' };
    const label = upsLabel(79, { from, reference1: '订单参考', reference2: 'Café Łódź' });
    const zpl = renderLabelZpl(label);
    // Every text field is in font 0's Latin-1 (accents outside it folded away): nothing it would print as '?'.
    const texts = [...zpl.matchAll(/\^FD([^^]*)\^FS/g)].map(([, data]) => data!);
    for (const text of texts) expect(text).toMatch(/^[\x20-\x7e\xa0-\xff]*$/);
    expect(texts).toContain('REF 2  Café Lódz');
    expect(texts).toContain('1200 INDUSTRIAL PKWY');
    // The sender's name and company and the first reference are bitmaps (text-bitmap.test.ts checks their
    // pixels against poppler's), each as many bytes as declared, within the label's 812 dots.
    const graphics = [...zpl.matchAll(/\^FO(\d+),\d+\^GFA,(\d+),(\d+),(\d+),([0-9A-F]+)\^FS/g)];
    expect(graphics).toHaveLength(3);
    for (const [, x, bytes, total, perRow, hex] of graphics) {
      expect(total).toBe(bytes);
      expect(hex).toHaveLength(2 * Number(bytes));
      expect(Number(bytes) % Number(perRow)).toBe(0);
      expect(Number(x) + 8 * Number(perRow)).toBeLessThanOrEqual(812 + 7);
      expect(hex).toMatch(/[1-9A-F]/);
    }
    expect(zpl).not.toContain('张');
  });

  test('reserved ZPL characters in text are escaped', () => {
    const zpl = renderLabelZpl(fedexLabel(1, { reference1: 'A^B~C_D' }));
    expect(zpl).toContain('A_5EB_7EC_5FD');
    expect(zpl).not.toContain('A^B');
  });
});
