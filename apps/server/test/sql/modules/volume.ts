import * as batch from '../../../src/modules/volume/batch-repo.ts';
import { ex, repo } from '../examples.ts';
import { MERCHANT, NOW, PAGE } from '../values.ts';

const JOB = 40;

export default [
  repo('modules/volume/batch-repo.ts', batch, {
    ownJob: [
      ex('a session', (db) => batch.ownJob(db, MERCHANT, JOB), [[{ id: JOB, user_id: MERCHANT, created_at: NOW }]]),
      ex('a test key', (db) => batch.ownJob(db, MERCHANT, JOB, true), [
        [{ id: JOB, user_id: MERCHANT, created_at: NOW }],
      ]),
    ],
    jobItems: [
      ex('every item', (db) => batch.jobItems(db, JOB, PAGE)),
      ex('failed items', (db) => batch.jobItems(db, JOB, { ...PAGE, status: 'failed' })),
    ],
  }),
];
