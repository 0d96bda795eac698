import * as audit from '../../../src/modules/audit/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, DAY, MERCHANT, NOW, OWN, OWNED, STAFF } from '../values.ts';

const EVERY_FILTER = { subjectId: MERCHANT, actorId: STAFF, path: '/api/app', from: NOW - DAY, to: NOW };

export default [
  repo('modules/audit/repo.ts', audit, {
    userLogRows: [
      ex('any account, first page', (db) => audit.userLogRows(db, ANY_ACCOUNT, {}, 20)),
      ex('own, every filter, after an id', (db) => audit.userLogRows(db, OWN, EVERY_FILTER, 20, 0, 900)),
      ex('owned accounts, by offset', (db) => audit.userLogRows(db, OWNED, {}, 20, 40)),
    ],
    countUserLogs: [
      ex('any account', (db) => audit.countUserLogs(db, ANY_ACCOUNT, {})),
      ex('owned accounts, every filter', (db) => audit.countUserLogs(db, OWNED, EVERY_FILTER)),
    ],
  }),
];
