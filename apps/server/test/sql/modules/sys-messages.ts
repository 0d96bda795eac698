import * as sys from '../../../src/modules/sys-messages/repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, NOW, PAGE, STAFF } from '../values.ts';

const CUSTOMER = { userId: MERCHANT, kind: 'customer' };
const MESSAGE = { title: 'Holiday hours', content: 'Closed on Thursday.', userIds: [] };

export default [
  repo('modules/sys-messages/repo.ts', sys, {
    insertSysMessage: [
      ex('to everyone', (db) => sys.insertSysMessage(db, STAFF, { ...MESSAGE, audience: 'all' }, []), [[{ id: 3 }]]),
      ex(
        'to two users',
        (db) => sys.insertSysMessage(db, STAFF, { ...MESSAGE, audience: 'users', userIds: [7, 8] }, [7, 8]),
        [[{ id: 3 }]],
      ),
    ],
    listSentMessages: [
      ex('a page with a message to users', (db) => sys.listSentMessages(db, PAGE), [
        [{ id: 3, audience: 'users', created_at: NOW }],
      ]),
      ex('by keyword', (db) => sys.listSentMessages(db, { ...PAGE, keyword: 'holiday' })),
    ],
    deleteSysMessages: [ex('two messages', (db) => sys.deleteSysMessages(db, [3, 4]))],
    inboxOf: [
      ex('every message', (db) => sys.inboxOf(db, CUSTOMER, PAGE)),
      ex('unread only, of staff', (db) => sys.inboxOf(db, { userId: STAFF, kind: 'staff' }, { ...PAGE, unread: true })),
    ],
    markSysMessagesRead: [
      ex('every message', (db) => sys.markSysMessagesRead(db, CUSTOMER, []), [[{ id: 3 }]]),
      ex('two messages', (db) => sys.markSysMessagesRead(db, CUSTOMER, [3, 4])),
    ],
  }),
];
