import type { Locale } from '@parcelport/shared';
import type { ImportError, ImportResult, SheetHeaders } from '@parcelport/shared/contracts/volume/schemas';
import type { z } from 'zod';
import { readSheet } from '../../carriers/ratecard/import.ts';
import type { AppContext } from '../../context.ts';
import type { Auth } from '../../core/caller.ts';
import { issueMessage } from '../../i18n/issue-message.ts';
import { translate } from '../../i18n/messages.ts';
import { columnLetter, matchColumns as matchSheetColumns } from '../../lib/sheet-columns.ts';
import { makeDrafts, newBatchNo, type OrderInput, orderInput, testModeOf } from '../orders/index.ts';
import { type PresetParcel, presetParcelsOf } from '../rules/index.ts';

/**
 * Excel import of orders (docs/spec.md §4): one row per parcel; rows sharing an order group make one order with
 * several parcels. Each field has its column headers in both languages (and common aliases) so sheets from
 * elsewhere match by name, and the caller can map any header to a field.
 */
export const IMPORT_FIELDS = [
  { key: 'orderGroup', zh: '订单分组', en: 'Order group', aliases: ['order ref', 'order id', 'group'] },
  { key: 'fromName', zh: '发件人', en: 'Sender name', aliases: ['from name', 'ship from name'] },
  { key: 'fromCompany', zh: '发件公司', en: 'Sender company', aliases: ['from company'] },
  { key: 'fromPhone', zh: '发件电话', en: 'Sender phone', aliases: ['from phone'] },
  { key: 'fromAddress1', zh: '发件地址1', en: 'Sender address 1', aliases: ['from address', 'from street'] },
  { key: 'fromAddress2', zh: '发件地址2', en: 'Sender address 2', aliases: [] },
  { key: 'fromCity', zh: '发件城市', en: 'Sender city', aliases: ['from city'] },
  { key: 'fromState', zh: '发件州', en: 'Sender state', aliases: ['from state'] },
  { key: 'fromZip', zh: '发件邮编', en: 'Sender ZIP', aliases: ['from zip', 'from postal code'] },
  { key: 'fromCountry', zh: '发件国家', en: 'Sender country', aliases: ['from country'] },
  { key: 'toName', zh: '收件人', en: 'Recipient name', aliases: ['to name', 'ship to name', 'name'] },
  { key: 'toCompany', zh: '收件公司', en: 'Recipient company', aliases: ['to company', 'company'] },
  { key: 'toPhone', zh: '收件电话', en: 'Recipient phone', aliases: ['to phone', 'phone'] },
  { key: 'toEmail', zh: '收件邮箱', en: 'Recipient email', aliases: ['to email', 'email'] },
  {
    key: 'toAddress1',
    zh: '收件地址1',
    en: 'Recipient address 1',
    aliases: ['to address', 'address 1', 'address1', 'street'],
  },
  { key: 'toAddress2', zh: '收件地址2', en: 'Recipient address 2', aliases: ['address 2', 'address2'] },
  { key: 'toCity', zh: '收件城市', en: 'Recipient city', aliases: ['to city', 'city'] },
  { key: 'toState', zh: '收件州', en: 'Recipient state', aliases: ['to state', 'state', 'province'] },
  { key: 'toZip', zh: '收件邮编', en: 'Recipient ZIP', aliases: ['to zip', 'zip', 'zip code', 'postal code'] },
  { key: 'toCountry', zh: '收件国家', en: 'Recipient country', aliases: ['to country', 'country'] },
  { key: 'residential', zh: '住宅地址', en: 'Residential', aliases: ['is residential'] },
  { key: 'length', zh: '长', en: 'Length', aliases: ['l'] },
  { key: 'width', zh: '宽', en: 'Width', aliases: ['w'] },
  { key: 'height', zh: '高', en: 'Height', aliases: ['h'] },
  { key: 'weight', zh: '重量', en: 'Weight', aliases: ['wt'] },
  { key: 'massUnit', zh: '重量单位', en: 'Weight unit', aliases: ['mass unit'] },
  { key: 'distanceUnit', zh: '尺寸单位', en: 'Dimension unit', aliases: ['distance unit', 'size unit'] },
  { key: 'insuredValue', zh: '保险申报价值', en: 'Declared value', aliases: ['insurance', 'insured value'] },
  { key: 'reference1', zh: '参考号1', en: 'Reference 1', aliases: ['reference', 'ref1'] },
  { key: 'reference2', zh: '参考号2', en: 'Reference 2', aliases: ['ref2'] },
  { key: 'remark', zh: '备注', en: 'Remark', aliases: ['note', 'notes'] },
  { key: 'batteryType', zh: '电池类型', en: 'Battery type', aliases: ['battery'] },
  { key: 'sku', zh: '商品SKU', en: 'SKU', aliases: ['item sku', 'product sku'] },
  { key: 'itemName', zh: '商品名称', en: 'Item name', aliases: ['item', 'product', 'product name'] },
  { key: 'quantity', zh: '数量', en: 'Quantity', aliases: ['qty'] },
  { key: 'itemPrice', zh: '商品单价', en: 'Item price', aliases: ['unit price', 'price'] },
  { key: 'requestedService', zh: '指定服务', en: 'Requested service', aliases: ['shipping service', 'service'] },
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number]['key'];

/** The columns a sheet cannot do without: when one is not found, the import stops and names it. */
export const REQUIRED_IMPORT_FIELDS: ImportField[] = [
  'toName',
  'toAddress1',
  'toCity',
  'toState',
  'toZip',
  'length',
  'width',
  'height',
];

const EXAMPLE: Record<ImportField, string> = {
  orderGroup: 'A1',
  fromName: 'Ada Shipper',
  fromCompany: 'Shop Co',
  fromPhone: '310-555-0100',
  fromAddress1: '9450 Wilshire Blvd',
  fromAddress2: '',
  fromCity: 'Beverly Hills',
  fromState: 'CA',
  fromZip: '90210',
  fromCountry: 'US',
  toName: 'Grace Buyer',
  toCompany: '',
  toPhone: '212-555-0199',
  toEmail: '',
  toAddress1: '350 5th Ave',
  toAddress2: 'Fl 20',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10118',
  toCountry: 'US',
  residential: 'Y',
  length: '10',
  width: '8',
  height: '4',
  weight: '2',
  massUnit: 'lb',
  distanceUnit: 'in',
  insuredValue: '0',
  reference1: 'PO-1001',
  reference2: '',
  remark: '',
  batteryType: 'none',
  sku: '',
  itemName: '',
  quantity: '',
  itemPrice: '',
  requestedService: '',
};

/**
 * The template's example rows carry this remark, in either language, and an import skips them: a merchant
 * who fills the template below them, or leaves them in, gets no example order.
 */
const EXAMPLE_REMARKS: Record<Locale, string> = {
  'zh-CN': '示例，导入时跳过',
  'en-US': 'Example: skipped on import',
};
const isExampleRow = (row: Row) => Object.values(EXAMPLE_REMARKS).includes(row.get('remark'));

const headerOf = (field: (typeof IMPORT_FIELDS)[number], locale: Locale) => (locale === 'zh-CN' ? field.zh : field.en);

/** The template in the caller's language: the headers, an example order, and a notes sheet. */
export async function importTemplate(locale: Locale): Promise<Buffer> {
  // exceljs is loaded on first use: a server that never touches a spreadsheet does not carry it (~17 MB).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(locale === 'zh-CN' ? '订单' : 'Orders');
  sheet.columns = IMPORT_FIELDS.map((field) => ({ header: headerOf(field, locale), key: field.key, width: 16 }));
  sheet.getRow(1).font = { bold: true };
  const remark = EXAMPLE_REMARKS[locale];
  for (const example of [EXAMPLE, { ...EXAMPLE, length: '6', width: '6', height: '6', weight: '1' }]) {
    const row = sheet.addRow({ ...example, remark });
    row.font = { italic: true, color: { argb: 'FF8A8A8A' } };
  }
  const notes = workbook.addWorksheet(locale === 'zh-CN' ? '说明' : 'Notes');
  notes.columns = [{ width: 110 }];
  for (const line of translate('importNotes', locale).split('\n')) notes.addRow([line]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const FIELD_NAMES = IMPORT_FIELDS.map((field) => ({ key: field.key, names: [field.zh, field.en, ...field.aliases] }));

/** Which sheet column each field reads: the caller's mapping first, then header names in either language. */
export function matchColumns(
  headers: string[],
  mapping: Partial<Record<ImportField, string>>,
): Map<ImportField, number> {
  return matchSheetColumns(headers, FIELD_NAMES, mapping);
}

type Row = { line: number; get: (field: ImportField) => string };

/**
 * A number cell as the order schema takes it: a decimal becomes a number, an empty cell is left out (so a
 * default or "required" applies), and anything else stays text, which the schema refuses as not a number.
 */
const numberCell = (text: string): number | string | undefined =>
  text === '' ? undefined : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;

const SIZE_FIELDS = ['length', 'width', 'height', 'weight'] as const;
/** A row with a SKU and no size or weight lists an item only; the other rows are parcels. */
const isItemOnly = (row: Row) => row.get('sku') !== '' && SIZE_FIELDS.every((field) => row.get(field) === '');
const parcelRowsOf = (rows: Row[]) => rows.filter((row) => !isItemOnly(row));

function itemsOfRows(rows: Row[]) {
  return rows
    .filter((row) => row.get('sku') !== '' || row.get('itemName') !== '')
    .map((row) => ({
      sku: row.get('sku'),
      name: row.get('itemName'),
      quantity: numberCell(row.get('quantity')),
      price: row.get('itemPrice') || '0',
    }));
}

/**
 * One order's payload from its rows (the first row carries the order's own fields). An order whose rows
 * list items only gets its parcel from the items' product presets (`presetParcel`), when they have sizes.
 */
function orderFromRows(rows: Row[], batchNo: string, presetParcel: PresetParcel): unknown {
  const first = rows[0] as Row;
  const items = itemsOfRows(rows);
  const parcelRows = parcelRowsOf(rows);
  const party = (prefix: 'from' | 'to') => ({
    personName: first.get(`${prefix}Name`),
    company: first.get(`${prefix}Company`),
    phone: first.get(`${prefix}Phone`),
    ...(prefix === 'to' ? { email: first.get('toEmail') } : {}),
    countryCode: first.get(`${prefix}Country`) || 'US',
    stateCode: first.get(`${prefix}State`),
    city: first.get(`${prefix}City`),
    addressLine1: first.get(`${prefix}Address1`),
    addressLine2: first.get(`${prefix}Address2`),
    zipCode: first.get(`${prefix}Zip`),
    isResidential: /^(y|yes|true|1|是)$/i.test(first.get('residential')),
  });
  return {
    from: party('from'),
    to: party('to'),
    items,
    extra: {
      signatureOption: 'none',
      ...(first.get('requestedService') ? { requestedService: first.get('requestedService') } : {}),
    },
    parcels:
      parcelRows.length === 0
        ? [presetParcel(items) ?? {}]
        : parcelRows.map((row) => ({
            length: numberCell(row.get('length')),
            width: numberCell(row.get('width')),
            height: numberCell(row.get('height')),
            weight: numberCell(row.get('weight')),
            massUnit: row.get('massUnit') || undefined,
            distanceUnit: row.get('distanceUnit') || undefined,
            insuredValue: row.get('insuredValue') || '0',
          })),
    reference1: first.get('reference1'),
    reference2: first.get('reference2'),
    remark: first.get('remark'),
    batteryType: first.get('batteryType') || 'none',
    batchNo,
  };
}

/** Where a schema issue path points: the parcel's own row for parcel fields, the order's first row else. */
function locate(path: PropertyKey[], rows: Row[]): { line: number; field: ImportField | null } {
  const [head, index, leaf] = path.map(String);
  const first = rows[0] as Row;
  if (head === 'parcels' && index !== undefined && /^\d+$/.test(index)) {
    const row = parcelRowsOf(rows)[Number(index)] ?? first;
    return { line: row.line, field: (leaf as ImportField | undefined) ?? 'weight' };
  }
  if (head === 'from' || head === 'to') {
    const map: Record<string, string> = {
      personName: 'Name',
      company: 'Company',
      phone: 'Phone',
      email: 'Email',
      countryCode: 'Country',
      stateCode: 'State',
      city: 'City',
      addressLine1: 'Address1',
      addressLine2: 'Address2',
      zipCode: 'Zip',
    };
    return { line: first.line, field: `${head}${map[index ?? ''] ?? ''}` as ImportField };
  }
  return { line: first.line, field: (head as ImportField | undefined) ?? null };
}

/** A sheet's header row, the field each header already matches, and the fields a sheet must have. */
export async function sheetHeaders(file: { filename: string; bytes: Buffer }): Promise<SheetHeaders> {
  const headers = ((await readSheet(file.bytes, file.filename))[0] ?? []).map((cell) => cell.trim());
  const matched: Partial<Record<ImportField, string>> = {};
  for (const [field, index] of matchColumns(headers, {})) matched[field] = headers[index] ?? '';
  return { headers: headers.filter(Boolean), matched, required: REQUIRED_IMPORT_FIELDS };
}

/**
 * Imports a sheet: every row is checked; valid orders become drafts under one batch number, each invalid
 * order is reported by row, column and reason (and not created).
 */
export async function importOrders(
  ctx: AppContext,
  auth: Auth,
  file: { filename: string; bytes: Buffer },
  mapping: Partial<Record<ImportField, string>>,
  locale: Locale,
): Promise<ImportResult> {
  const cells = await readSheet(file.bytes, file.filename);
  const headers = cells[0] ?? [];
  const columns = matchColumns(headers, mapping);
  const columnName = (field: ImportField | null) => {
    const index = field ? columns.get(field) : undefined;
    return index === undefined ? (field ?? '') : `${columnLetter(index)} (${headers[index]})`;
  };
  const errors: ImportError[] = [];
  const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !columns.has(field));
  const batchNo = await newBatchNo(ctx.db);
  // The drafts' mode: a test key's imports are test orders, a session's and a live key's live (testModeOf).
  const mode = testModeOf(auth, false) ? ('test' as const) : ('live' as const);
  if (missing.length > 0) {
    for (const field of missing)
      errors.push({ row: 1, column: field, field, message: translate('importColumnMissing', locale) });
    return { batchNo, rows: Math.max(cells.length - 1, 0), orders: 0, created: 0, examplesSkipped: 0, errors, mode };
  }

  const groups = new Map<string, Row[]>();
  let examplesSkipped = 0;
  cells.slice(1).forEach((cellsOfRow, i) => {
    if (cellsOfRow.every((cell) => cell === '')) return;
    const line = i + 2;
    const row: Row = { line, get: (field) => cellsOfRow[columns.get(field) ?? -1]?.trim() ?? '' };
    if (isExampleRow(row)) {
      examplesSkipped += 1;
      return;
    }
    const key = row.get('orderGroup') || `#${line}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  });

  const skus = [...groups.values()].flatMap((rows) => rows.map((row) => row.get('sku')).filter(Boolean));
  const presetParcel = await presetParcelsOf(ctx.db, auth.userId, skus);
  const valid: OrderInput[] = [];
  for (const rows of groups.values()) {
    const parsed = orderInput.safeParse(orderFromRows(rows, batchNo, presetParcel));
    if (parsed.success) {
      // A test key's imports are test orders, as its drafts are (orders' actions.ts testModeOf).
      valid.push({ ...parsed.data, isTest: testModeOf(auth, parsed.data.isTest) });
      continue;
    }
    for (const issue of (parsed.error as z.ZodError).issues) {
      const { line, field } = locate(issue.path, rows);
      errors.push({ row: line, column: columnName(field), field: field ?? '', message: issueMessage(issue, locale) });
    }
  }

  if (valid.length > 0) {
    await makeDrafts(ctx, auth.userId, valid, { source: 'file', batchNo });
  }
  errors.sort((a, b) => a.row - b.row);
  return {
    batchNo,
    rows: [...groups.values()].reduce((sum, rows) => sum + rows.length, 0),
    orders: groups.size,
    created: valid.length,
    examplesSkipped,
    errors,
    mode,
  };
}
