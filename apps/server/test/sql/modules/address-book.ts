import * as book from '../../../src/modules/address-book/repo.ts';
import { ex, repo } from '../examples.ts';
import { ADDRESS, MERCHANT, NOW, PAGE } from '../values.ts';

const TEMPLATE = { name: 'Small box', quantity: 1, length: 10, width: 8, height: 4, weight: 2, unit: 'lb/in' as const };

export default [
  repo('modules/address-book/repo.ts', book, {
    addressPage: [
      ex('first page', (db) => book.addressPage(db, MERCHANT, PAGE)),
      ex('by keyword', (db) => book.addressPage(db, MERCHANT, { ...PAGE, keyword: 'Ada' })),
    ],
    addressRow: [ex('by id', (db) => book.addressRow(db, MERCHANT, 5))],
    clearDefaultSender: [
      ex('every address', (db) => book.clearDefaultSender(db, MERCHANT)),
      ex('but one', (db) => book.clearDefaultSender(db, MERCHANT, 5)),
    ],
    insertAddress: [ex('an address', (db) => book.insertAddress(db, MERCHANT, ADDRESS, NOW), [[{ id: 5 }]])],
    updateAddress: [ex('an address', (db) => book.updateAddress(db, MERCHANT, 5, ADDRESS, NOW))],
    defaultSenderRow: [ex('a merchant', (db) => book.defaultSenderRow(db, MERCHANT))],
    templatePage: [
      ex('first page', (db) => book.templatePage(db, MERCHANT, PAGE)),
      ex('by keyword', (db) => book.templatePage(db, MERCHANT, { ...PAGE, keyword: 'box' })),
    ],
    insertTemplate: [ex('a template', (db) => book.insertTemplate(db, MERCHANT, TEMPLATE, NOW), [[{ id: 4 }]])],
    updateTemplate: [ex('a template', (db) => book.updateTemplate(db, MERCHANT, 4, TEMPLATE, NOW))],
    templateRows: [ex('two templates', (db) => book.templateRows(db, MERCHANT, [4, 6]))],
  }),
];
