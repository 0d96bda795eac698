import PDFDocument from 'pdfkit';
import { barPattern, drawBars } from './barcode.ts';

export interface ManifestParcel {
  trackingNumber: string;
  orderNo: string;
  carrierCode: string;
  serviceName: string;
  weight: string;
  toZip: string;
}

export interface Manifest {
  manifestNo: string;
  shipDate: string;
  shipper: { name: string; company?: string; addressLine1: string; city: string; stateCode: string; zipCode: string };
  parcels: ManifestParcel[];
}

const ROWS_PER_PAGE = 38;

/**
 * An end-of-day manifest in the manner of a USPS SCAN form (PS Form 5630): one barcode the carrier scans
 * to accept every parcel listed, the totals by service, and the list of parcels.
 */
export async function renderManifestPdf(manifest: Manifest): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36, info: { Title: `Manifest ${manifest.manifestNo}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  doc.font('Helvetica-Bold').fontSize(18).text('SHIPMENT MANIFEST (SCAN FORM)', 36, 36);
  doc.font('Helvetica').fontSize(10);
  doc.text(`Manifest no. ${manifest.manifestNo}`, 36, 62);
  doc.text(`Ship date ${manifest.shipDate}`, 36, 76);
  const shipper = manifest.shipper;
  doc.text(
    [shipper.name, shipper.company, shipper.addressLine1, `${shipper.city}, ${shipper.stateCode} ${shipper.zipCode}`]
      .filter(Boolean)
      .join('\n'),
    36,
    94,
  );
  drawBars(doc, barPattern({ symbology: 'code128', data: manifest.manifestNo }), 430, 40, 56, 300);
  doc.fontSize(9).text(manifest.manifestNo, 330, 100, { width: 200, align: 'center' });

  const byService = new Map<string, number>();
  for (const parcel of manifest.parcels)
    byService.set(
      `${parcel.carrierCode} ${parcel.serviceName}`,
      (byService.get(`${parcel.carrierCode} ${parcel.serviceName}`) ?? 0) + 1,
    );
  let y = 160;
  doc.font('Helvetica-Bold').fontSize(11).text(`Total parcels: ${manifest.parcels.length}`, 36, y);
  y += 16;
  doc.font('Helvetica').fontSize(9);
  for (const [service, count] of byService) {
    doc.text(`${service}: ${count}`, 48, y);
    y += 12;
  }
  y += 10;

  const columns = [
    { title: '#', x: 36, width: 28 },
    { title: 'Tracking number', x: 64, width: 170 },
    { title: 'Order', x: 234, width: 110 },
    { title: 'Service', x: 344, width: 130 },
    { title: 'Weight', x: 474, width: 60 },
    { title: 'To ZIP', x: 534, width: 42 },
  ];
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    for (const column of columns) doc.text(column.title, column.x, y, { width: column.width });
    y += 14;
    doc
      .moveTo(36, y - 3)
      .lineTo(576, y - 3)
      .stroke();
    doc.font('Helvetica').fontSize(8.5);
  };
  header();
  manifest.parcels.forEach((parcel, index) => {
    if (y > 740 || (index > 0 && index % ROWS_PER_PAGE === 0 && y > 700)) {
      doc.addPage();
      y = 36;
      header();
    }
    const cells = [
      String(index + 1),
      parcel.trackingNumber,
      parcel.orderNo,
      `${parcel.carrierCode} ${parcel.serviceName}`,
      parcel.weight,
      parcel.toZip,
    ];
    for (const [i, cell] of cells.entries()) {
      const column = columns[i] as (typeof columns)[number];
      doc.text(cell, column.x, y, { width: column.width, lineBreak: false, ellipsis: true });
    }
    y += 13;
  });
  doc.end();
  return done;
}
