import * as site from '../../../src/modules/site/repo.ts';
import { ex, repo } from '../examples.ts';
import { NOW, STAFF } from '../values.ts';

export default [
  repo('modules/site/repo.ts', site, {
    insertContact: [
      ex(
        'a question',
        (db) =>
          site.insertContact(
            db,
            {
              firstName: 'Ada',
              lastName: 'Lovelace',
              email: 'ada@example.com',
              phone: '+1 212 555 0100',
              monthlyVolume: '100to500',
              question: 'Do you ship to Canada?',
            },
            { language: 'en-US', ip: '203.0.113.7', now: NOW },
          ),
        [[{ id: 5 }]],
      ),
    ],
    contactPage: [
      ex('every request', (db) => site.contactPage(db, {}, 20, 0)),
      ex('unanswered, by keyword', (db) => site.contactPage(db, { status: 0, keyword: 'canada' }, 20, 20)),
    ],
    findContact: [ex('by id', (db) => site.findContact(db, 5))],
    markAnswered: [ex('by id', (db) => site.markAnswered(db, 5, 'Yes, we do.', STAFF, NOW))],
  }),
];
