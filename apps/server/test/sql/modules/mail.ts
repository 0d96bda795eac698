import * as mail from '../../../src/modules/mail/repo.ts';
import { ex, repo } from '../examples.ts';
import { PAGE } from '../values.ts';

export default [
  repo('modules/mail/repo.ts', mail, {
    outboxPage: [
      ex('every mail', (db) => mail.outboxPage(db, PAGE.page, PAGE.pageSize)),
      ex('to one recipient', (db) => mail.outboxPage(db, PAGE.page, PAGE.pageSize, 'ada@example.com')),
    ],
    keepMail: [
      ex(
        'a mail',
        (db) =>
          mail.keepMail(db, {
            recipient: 'ada@example.com',
            subject: 'Welcome',
            body: 'Code 123456',
            redacted_body: 'Code ******',
          }),
        [[{ id: 3 }]],
      ),
    ],
    markMailSent: [ex('by id', (db) => mail.markMailSent(db, 3))],
    markMailFailed: [ex('by id', (db) => mail.markMailFailed(db, 3, 'connection refused'))],
    waitingMails: [
      ex('every recipient', (db) => mail.waitingMails(db)),
      ex('one recipient', (db) => mail.waitingMails(db, 'ada@example.com')),
    ],
  }),
];
