import * as checklists from '../../../src/modules/config/checklists-repo.ts';
import * as config from '../../../src/modules/config/repo.ts';
import { ex, repo } from '../examples.ts';

export default [
  repo('modules/config/repo.ts', config, {
    configRows: [ex('every saved setting', (db) => config.configRows(db))],
    configRowsOf: [ex('two settings', (db) => config.configRowsOf(db, ['site.name', 'mail.from']))],
    lockConfigs: [ex('on PostgreSQL', (db) => config.lockConfigs(db, 'postgres'))],
    saveConfigValue: [
      ex('one setting', (db) => config.saveConfigValue(db, 'site.name', '"ParcelPort"', 1_700_000_000_000)),
    ],
    insertConfigChanges: [
      ex('two changes', (db) =>
        config.insertConfigChanges(
          db,
          [
            { key: 'site.name', oldValue: null, newValue: '"ParcelPort"', secret: false, actorId: 1 },
            { key: 'mail.password', oldValue: null, newValue: null, secret: true, actorId: 1 },
          ],
          1_700_000_000_000,
        ),
      ),
    ],
    listConfigChanges: [
      ex('every setting', (db) => config.listConfigChanges(db, { page: 1, pageSize: 20 })),
      ex('one setting, page 2', (db) => config.listConfigChanges(db, { key: 'site.name', page: 2, pageSize: 20 })),
    ],
  }),
  repo('modules/config/checklists-repo.ts', checklists, {
    firstRealChannel: [ex('any', (db) => checklists.firstRealChannel(db))],
    defaultSenderOf: [ex('a merchant', (db) => checklists.defaultSenderOf(db, 7))],
    firstCredit: [ex('a merchant', (db) => checklists.firstCredit(db, 7))],
    firstLabelledOrder: [ex('a merchant', (db) => checklists.firstLabelledOrder(db, 7))],
  }),
];
