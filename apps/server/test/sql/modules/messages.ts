import { TODO_CODES } from '@parcelport/shared/contracts/messages/list-todos';
import * as messages from '../../../src/modules/messages/repo.ts';
import * as todos from '../../../src/modules/messages/todos-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, OWNED, STAFF } from '../values.ts';

const MESSAGE = {
  title: 'msgBillDisputeAcceptedTitle',
  content: 'msgBillDisputeAcceptedBody',
  params: { trackingNo: '1Z1', amount: '2.50', answer: '—' },
} as const;
const WAITING_WORK_KINDS = TODO_CODES;
const OWNER = { userId: MERCHANT, seesMoney: true };
const MEMBER_WITHOUT_MONEY = { userId: MERCHANT, seesMoney: false };

export default [
  repo('modules/messages/repo.ts', messages, {
    notifyUser: [
      ex('a notice about money', (db) =>
        messages.notifyUser(db, MERCHANT, { type: 'notice', aboutMoney: true, ...MESSAGE }),
      ),
    ],
    notifyHoldersOf: [
      ex('one holder', (db) => messages.notifyHoldersOf(db, 'adminChannel', MESSAGE), [[{ id: STAFF }]]),
    ],
    listMessages: [
      ex('every type', (db) => messages.listMessages(db, OWNER, 'en-US')),
      ex('one type', (db) => messages.listMessages(db, OWNER, 'en-US', 'todo')),
      ex('a member without money', (db) => messages.listMessages(db, MEMBER_WITHOUT_MONEY, 'en-US')),
    ],
    markMessagesRead: [
      ex('every message', (db) => messages.markMessagesRead(db, OWNER, [])),
      ex('two messages', (db) => messages.markMessagesRead(db, OWNER, [4, 5])),
      ex('a member without money', (db) => messages.markMessagesRead(db, MEMBER_WITHOUT_MONEY, [])),
    ],
  }),
  repo('modules/messages/todos-repo.ts', todos, {
    listTodos: [
      ex('every kind, any account', (db) => todos.listTodos(db, WAITING_WORK_KINDS, ANY_ACCOUNT)),
      ex('every kind, owned accounts', (db) => todos.listTodos(db, WAITING_WORK_KINDS, OWNED)),
    ],
  }),
];
