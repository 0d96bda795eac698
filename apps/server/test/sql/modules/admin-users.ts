import * as adminUsers from '../../../src/modules/admin-users/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT } from '../values.ts';

export default [
  repo('modules/admin-users/repo.ts', adminUsers, {
    holdsMoney: [ex('a merchant', (db) => adminUsers.holdsMoney(db, MERCHANT))],
    hasLabelInFlight: [ex('a merchant', (db) => adminUsers.hasLabelInFlight(db, MERCHANT))],
  }),
];
