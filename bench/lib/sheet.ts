import ExcelJS from 'exceljs';

/** Real US destinations (ZIP, city, state), so that orders spread over the zones. */
export const DESTINATIONS: [string, string, string][] = [
  ['10118', 'New York', 'NY'],
  ['60601', 'Chicago', 'IL'],
  ['77002', 'Houston', 'TX'],
  ['85004', 'Phoenix', 'AZ'],
  ['19103', 'Philadelphia', 'PA'],
  ['78205', 'San Antonio', 'TX'],
  ['92101', 'San Diego', 'CA'],
  ['75201', 'Dallas', 'TX'],
  ['95113', 'San Jose', 'CA'],
  ['78701', 'Austin', 'TX'],
  ['32202', 'Jacksonville', 'FL'],
  ['43215', 'Columbus', 'OH'],
  ['28202', 'Charlotte', 'NC'],
  ['98101', 'Seattle', 'WA'],
  ['80202', 'Denver', 'CO'],
  ['20001', 'Washington', 'DC'],
  ['02108', 'Boston', 'MA'],
  ['37203', 'Nashville', 'TN'],
  ['97204', 'Portland', 'OR'],
  ['89101', 'Las Vegas', 'NV'],
  ['30303', 'Atlanta', 'GA'],
  ['33130', 'Miami', 'FL'],
  ['55401', 'Minneapolis', 'MN'],
  ['96813', 'Honolulu', 'HI'],
];

const HEADERS = [
  'Order group',
  'Sender name',
  'Sender company',
  'Sender phone',
  'Sender address 1',
  'Sender city',
  'Sender state',
  'Sender ZIP',
  'Sender country',
  'Recipient name',
  'Recipient phone',
  'Recipient address 1',
  'Recipient address 2',
  'Recipient city',
  'Recipient state',
  'Recipient ZIP',
  'Recipient country',
  'Residential',
  'Length',
  'Width',
  'Height',
  'Weight',
  'Weight unit',
  'Dimension unit',
  'Declared value',
  'Reference 1',
  'Remark',
];

/** The ways a row goes wrong in real sheets, each caught by the import with its row and column. */
const FAULTS: ((row: (string | number)[]) => void)[] = [
  (row) => {
    row[13] = ''; // no city
  },
  (row) => {
    row[21] = 'heavy'; // weight not a number
  },
  (row) => {
    row[18] = 0; // zero length
  },
  (row) => {
    row[9] = ''; // no recipient
  },
  (row) => {
    row[24] = '9999999'; // declared value over the limit
  },
];

export interface SheetPlan {
  rows: number;
  /** Share of rows with a fault, spread evenly. */
  badShare: number;
}

/**
 * An order sheet in the template's English headers: one row per parcel, every 10th order with two parcels
 * (same order group), about `badShare` of the rows broken in one of the usual ways (each in another
 * order). Answers the xlsx bytes, the number of bad rows (= bad orders) and of orders.
 */
export async function orderSheet(plan: SheetPlan): Promise<{ bytes: Buffer; badRows: number; orders: number }> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Orders');
  sheet.addRow(HEADERS);
  const every = plan.badShare > 0 ? Math.round(1 / plan.badShare) : 0;
  let badRows = 0;
  let orders = 0;
  let group = 0;
  for (let line = 0; line < plan.rows; ) {
    group++;
    orders++;
    const parcels = group % 10 === 0 && line + 1 < plan.rows ? 2 : 1;
    const [zip, city, state] = DESTINATIONS[group % DESTINATIONS.length] as [string, string, string];
    for (let p = 0; p < parcels; p++, line++) {
      const row: (string | number)[] = [
        `G${group}`,
        'Ada Shipper',
        'Bench Shop',
        '310-555-0100',
        '9450 Wilshire Blvd',
        'Beverly Hills',
        'CA',
        '90210',
        'US',
        `Customer ${group}`,
        '212-555-0199',
        `${100 + (group % 900)} Main St`,
        group % 3 === 0 ? `Apt ${group % 50}` : '',
        city,
        state,
        zip,
        'US',
        group % 2 === 0 ? 'Y' : 'N',
        6 + (line % 10),
        6 + (line % 5),
        4 + (line % 3),
        1 + (line % 7),
        'lb',
        'in',
        line % 4 === 0 ? '50.00' : '0',
        `PO-${line}`,
        '',
      ];
      // Faults go into an order's first row, where its own fields are read: each bad row is one bad order.
      if (every > 0 && p === 0 && line % every >= every - parcels) {
        (FAULTS[((line / every) % FAULTS.length) | 0] as (row: (string | number)[]) => void)(row);
        badRows++;
      }
      sheet.addRow(row);
    }
  }
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), badRows, orders };
}

/** The baseline of the import: the same xlsx read with exceljs alone, every cell turned to text. */
export async function parseSheetOnly(bytes: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  let cells = 0;
  workbook.worksheets[0]?.eachRow({ includeEmpty: true }, (row) => {
    for (const value of (row.values as unknown[]).slice(1)) if (String(value ?? '').trim() !== '') cells++;
  });
  return cells;
}
