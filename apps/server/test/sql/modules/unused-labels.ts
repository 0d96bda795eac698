import * as unused from '../../../src/modules/unused-labels/repo.ts';
import { ex, noSql, repo } from '../examples.ts';
import { DAY, MERCHANT, NOW, ORDER } from '../values.ts';

/** The cut-off of labels due: one channel with days of its own, the carriers' defaults for the rest. */
const DUE = unused.madeBefore(new Map([[3, 20]]), NOW, 2);

export default [
  repo('modules/unused-labels/repo.ts', unused, {
    autoVoidOf: [ex('a merchant', (db) => unused.autoVoidOf(db, MERCHANT))],
    setAutoVoid: [ex('off', (db) => unused.setAutoVoid(db, MERCHANT, false))],
    madeBefore: noSql("the cut-off expression dueWarning and dueVoid compare each order's label time with"),
    channelSettings: [ex('every channel', (db) => unused.channelSettings(db))],
    dueWarning: [ex('a sweep', (db) => unused.dueWarning(db, DUE, 100))],
    dueVoid: [ex('a sweep', (db) => unused.dueVoid(db, DUE, NOW - 2 * DAY, 100))],
    noteWarning: [ex('an order', (db) => unused.noteWarning(db, { id: ORDER, user_id: MERCHANT }, NOW))],
    noteVoid: [ex('an order', (db) => unused.noteVoid(db, ORDER, NOW))],
  }),
];
