import * as views from '../../../src/modules/saved-views/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, NOW } from '../values.ts';

const MEMBER = 70;
const OWNER = { accountId: MERCHANT, userId: MEMBER };

export default [
  repo('modules/saved-views/repo.ts', views, {
    viewsFor: [ex('a member', (db) => views.viewsFor(db, MERCHANT, MEMBER))],
    insertView: [
      ex(
        'a shared view',
        (db) =>
          views.insertView(db, {
            account_id: MERCHANT,
            user_id: MEMBER,
            name: 'To ship today',
            shared: 1,
            state: '{}',
            created_at: NOW,
            updated_at: NOW,
          }),
        [[{ id: 3 }]],
      ),
    ],
    updateOwnView: [ex('renamed', (db) => views.updateOwnView(db, OWNER, 3, { name: 'Today', updated_at: NOW }))],
    deleteOwnView: [ex('by id', (db) => views.deleteOwnView(db, OWNER, 3))],
  }),
];
