import * as preferences from '../../../src/modules/preferences/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT } from '../values.ts';

export default [
  repo('modules/preferences/repo.ts', preferences, {
    findTableSettings: [ex('a list', (db) => preferences.findTableSettings(db, MERCHANT, 'orders'))],
    saveTableSettings: [
      ex('a list', (db) =>
        preferences.saveTableSettings(db, MERCHANT, 'orders', {
          density: 'small',
          index: true,
          columns: [{ key: 'orderNo', visible: true, pin: 'left' }],
        }),
      ),
    ],
    removeTableSettings: [ex('a list', (db) => preferences.removeTableSettings(db, MERCHANT, 'orders'))],
  }),
];
