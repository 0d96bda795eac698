import * as messages from '../../../src/modules/messages/repo.ts';
import * as todos from '../../../src/modules/messages/todos-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, OWNED, STAFF } from '../values.ts';

const MESSAGE = {
  title: 'msgBillDisputeAcceptedTitle',
  content: 'msgBillDisputeAcceptedBody',
  params: { trackingNo: '1Z1', amount: '2.50', answer: '—' },
} as const;
const WAITING_WORK_KINDS = ['adminList', 'adminRechargeList', 'orderList', 'adminChannel', 'adminClaimList'];

export default [
  repo('modules/messages/repo.ts', messages, {
    notifyUser: [ex('a notice', (db) => messages.notifyUser(db, MERCHANT, { type: 'notice', ...MESSAGE }))],
    notifyHoldersOf: [
      ex('one holder', (db) => messages.notifyHoldersOf(db, 'adminChannel', MESSAGE), [[{ id: STAFF }]]),
    ],
    listMessages: [
      ex('every type', (db) => messages.listMessages(db, MERCHANT, 'en-US')),
      ex('one type', (db) => messages.listMessages(db, MERCHANT, 'en-US', 'todo')),
    ],
    markMessagesRead: [
      ex('every message', (db) => messages.markMessagesRead(db, MERCHANT, [])),
      ex('two messages', (db) => messages.markMessagesRead(db, MERCHANT, [4, 5])),
    ],
  }),
  repo('modules/messages/todos-repo.ts', todos, {
    listTodos: [
      ex('every kind, any account', (db) => todos.listTodos(db, WAITING_WORK_KINDS, ANY_ACCOUNT)),
      ex('every kind, owned accounts', (db) => todos.listTodos(db, WAITING_WORK_KINDS, OWNED)),
    ],
  }),
];
