/**
 * How a user arranges a list's table (issue 14): which columns show, in what order, pinned where, the
 * density and row numbers; kept on the server for the user, so it follows them from browser to browser.
 */
import { z } from 'zod';
import { defineContract } from '../contract.ts';

/**
 * The lists whose table a user may arrange (the web app's ArrangedTable): the merchant's order lists and
 * staff's waybills, order review, fund records and recharges, work orders, customers and employees, channels,
 * the merchants' online stores (staff's list and a merchant's own), pricing rules, the carriers' bills, a
 * bill's lines and the bills asked of the carriers, the merchants' disputes of bill lines and the lines left unexplained, the refunds the carriers
 * still owe, the temporary deposits still held, the purchases waiting for the carrier's confirmation, and the
 * wallets and orders whose ledgers do not add up.
 */
export const TABLE_LISTS = [
  'orders',
  'waybills',
  'orderReview',
  'funds',
  'recharges',
  'workOrders',
  'customers',
  'employees',
  'channels',
  'stores',
  'priceRules',
  'bills',
  'billLines',
  'carrierRefundsOwed',
  'purchasesToConfirm',
  'myStores',
  'billDisputes',
  'unexplainedBillLines',
  'earnestHeld',
  'doubtfulWallets',
  'doubtfulOrders',
  'billReports',
] as const;
export type TableList = (typeof TABLE_LISTS)[number];

/** docs/spec.md §9: the font size options of a table, smallest first. */
export const TABLE_DENSITIES = ['mini', 'small', 'medium', 'large'] as const;
export type TableDensity = (typeof TABLE_DENSITIES)[number];

/** docs/spec.md §9 "sort options": where a column is pinned while the table scrolls sideways. */
export const COLUMN_PINS = ['none', 'left', 'right'] as const;
export type ColumnPin = (typeof COLUMN_PINS)[number];

export const tableSettings = z.object({
  density: z.enum(TABLE_DENSITIES),
  /** A first column with the row's number ("index" of docs/spec.md §9). */
  index: z.boolean(),
  /** The columns in the user's order; a column the list gained since shows after them, as the list has it. */
  columns: z
    .array(z.object({ key: z.string().trim().min(1).max(60), visible: z.boolean(), pin: z.enum(COLUMN_PINS) }))
    .max(60)
    .refine((columns) => new Set(columns.map((column) => column.key)).size === columns.length, {
      message: 'duplicateColumn',
    }),
});
export type TableSettings = z.output<typeof tableSettings>;

const listParams = z.object({ list: z.enum(TABLE_LISTS) });

export const getTableSettings = defineContract({
  method: 'GET',
  path: '/user/tableSettings/:list',
  summary: "My arrangement of a list's table (null: I kept the list's own)",
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  params: listParams,
  answer: tableSettings.nullable(),
});

export const saveTableSettings = defineContract({
  method: 'POST',
  path: '/user/tableSettings/:list',
  summary: "Keep my arrangement of a list's table: columns shown, their order and pins, density, row numbers",
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  params: listParams,
  body: tableSettings,
  answer: z.null(),
});

export const resetTableSettings = defineContract({
  method: 'POST',
  path: '/user/tableSettings/:list/reset',
  summary: "Go back to the list's own arrangement",
  tags: ['user'],
  access: 'signedIn',
  scope: 'own',
  params: listParams,
  answer: z.null(),
});
