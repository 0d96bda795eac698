import PDFDocument from 'pdfkit';
import { barPattern, drawBars } from './barcode.ts';

/** A carrier's acceptance form staff obtained by other means and recorded by its number (no file of it). */
export interface RecordedForm {
  carrier: string;
  channel: string;
  formNumber: string;
  recordedAt: Date;
  trackingNumbers: readonly string[];
}

/**
 * The page a manifest carries for such a form: the form's number as a barcode and in words, when and that
 * staff recorded it, and the labels it holds. The carrier's own PDF is not at hand, so the page says so.
 */
export async function renderRecordedFormPdf(form: RecordedForm): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, info: { Title: `Acceptance form ${form.formNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(16).text(`${form.carrier} ACCEPTANCE FORM (SCAN FORM)`, 36, 36);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Form no. ${form.formNumber}`, 36, 62);
  doc.text(`Channel ${form.channel}`, 36, 76);
  doc.text(`Recorded ${form.recordedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`, 36, 90);
  drawBars(doc, barPattern({ symbology: 'code128', data: form.formNumber }), 430, 40, 56, 300);
  doc.fontSize(9).text(form.formNumber, 330, 100, { width: 200, align: 'center' });
  doc
    .fontSize(9)
    .text(
      "The carrier's answer to this form was lost; staff obtained the form from the carrier and recorded its number. " +
        'The labels below are on it.',
      36,
      130,
      { width: 540 },
    );
  let y = 170;
  doc.font('Helvetica-Bold').fontSize(11).text(`Labels: ${form.trackingNumbers.length}`, 36, y);
  y += 18;
  doc.font('Helvetica').fontSize(9);
  for (const trackingNumber of form.trackingNumbers) {
    if (y > 740) {
      doc.addPage();
      y = 36;
    }
    doc.text(trackingNumber, 48, y);
    y += 12;
  }
  doc.end();
  return done;
}
