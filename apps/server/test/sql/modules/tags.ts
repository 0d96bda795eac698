import * as tags from '../../../src/modules/tags/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT } from '../values.ts';

const TAG = { name: 'Fragile', color: '#ff4d4f' };
const SAVED = [[{ id: 5, ...TAG }]];

export default [
  repo('modules/tags/repo.ts', tags, {
    listTags: [ex('a merchant', (db) => tags.listTags(db, MERCHANT))],
    saveTag: [
      ex('a new tag', (db) => tags.saveTag(db, MERCHANT, TAG), SAVED),
      ex('a changed tag', (db) => tags.saveTag(db, MERCHANT, TAG, 5), SAVED),
    ],
    deleteTags: [ex('two own tags', (db) => tags.deleteTags(db, MERCHANT, [5, 6]), [[{ id: 5 }, { id: 6 }]])],
    checkOwnTags: [
      ex('two own tags', (db) => tags.checkOwnTags(db, MERCHANT, [5, 6], 'tagIds'), [[{ id: 5 }, { id: 6 }]]),
    ],
    addOrderTags: [
      ex('two pairs', (db) =>
        tags.addOrderTags(db, [
          { order_id: 1001, tag_id: 5 },
          { order_id: 1002, tag_id: 5 },
        ]),
      ),
    ],
    removeOrderTags: [ex('a tag of two orders', (db) => tags.removeOrderTags(db, [1001, 1002], [5]))],
    tagsOfOrders: [ex('two orders', (db) => tags.tagsOfOrders(db, [1001, 1002]))],
    tagIdsOfOrders: [ex('two orders', (db) => tags.tagIdsOfOrders(db, [1001, 1002]))],
  }),
];
