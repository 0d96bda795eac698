import * as zones from '../../../src/geo/zones-repo.ts';
import * as idempotency from '../../../src/hooks/idempotency-repo.ts';
import * as keyCalls from '../../../src/hooks/key-calls-repo.ts';
import * as audit from '../../../src/http/audit-repo.ts';
import * as queue from '../../../src/jobs/queue-repo.ts';
import * as accounts from '../../../src/scope/accounts-repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, NOW, ORDER, OWN, OWNED, STAFF } from '../values.ts';

/** The rooms below the modules (geo, http, hooks, jobs, scope): one repo file each, two in hooks. */

const KEY = '6f1c2b0e-idempotency-key';
const JOB = 40;
const WORKER = 'instance-1';
const LOCK_MS = 60_000;

export default [
  repo('geo/zones-repo.ts', zones, {
    chartedZone: [ex('a pair of ZIP3 prefixes', (db) => zones.chartedZone(db, '100', '900'))],
  }),
  repo('http/audit-repo.ts', audit, {
    insertUserLog: [
      ex('a change made acting as a merchant', (db) =>
        audit.insertUserLog(db, {
          actor_id: STAFF,
          subject_id: MERCHANT,
          method: 'PUT',
          path: '/api/v1/settings/profile',
          status_code: 200,
          ip: '203.0.113.5',
          acting: 1,
          api_key_mode: null,
          before: '{"name":"Ada"}',
          after: '{"name":"Ada L."}',
          created_at: NOW,
        }),
      ),
    ],
  }),
  repo('hooks/key-calls-repo.ts', keyCalls, {
    countKeyCall: [ex("a key's call this minute", (db) => keyCalls.countKeyCall(db, 12, NOW), [[{ calls: 1 }]])],
    deleteKeyCallsBefore: [ex('minutes gone by', (db) => keyCalls.deleteKeyCallsBefore(db, NOW - 120_000))],
  }),
  repo('hooks/idempotency-repo.ts', idempotency, {
    insertKeyClaim: [
      ex('a new key', (db) =>
        idempotency.insertKeyClaim(db, {
          userId: MERCHANT,
          key: KEY,
          operation: 'createOrder',
          requestHash: 'c0ffee',
          now: NOW,
          lockedUntil: NOW + LOCK_MS,
        }),
      ),
    ],
    keyRow: [ex("a user's key", (db) => idempotency.keyRow(db, MERCHANT, KEY))],
    deleteKeyMadeAt: [ex('an expired key', (db) => idempotency.deleteKeyMadeAt(db, MERCHANT, KEY, NOW))],
    retakeLapsedKey: [
      ex('a lapsed claim', (db) => idempotency.retakeLapsedKey(db, MERCHANT, KEY, NOW, NOW + LOCK_MS)),
      ex('a key never claimed', (db) => idempotency.retakeLapsedKey(db, MERCHANT, KEY, null, NOW + LOCK_MS)),
    ],
    renewKeyClaim: [ex('a running call', (db) => idempotency.renewKeyClaim(db, MERCHANT, KEY, NOW + LOCK_MS))],
    keepKeyAnswer: [ex('an answer', (db) => idempotency.keepKeyAnswer(db, MERCHANT, KEY, 201, '{"id":1001}'))],
    deleteKey: [ex("a user's key", (db) => idempotency.deleteKey(db, MERCHANT, KEY))],
    deleteKeysMadeBefore: [ex('a day ago', (db) => idempotency.deleteKeysMadeBefore(db, NOW - 86_400_000, NOW))],
  }),
  repo('jobs/queue-repo.ts', queue, {
    insertJob: [
      ex(
        'a bulk job',
        (db) => queue.insertJob(db, { userId: MERCHANT, type: 'labels', total: 2, payload: { locale: 'en-US' } }, NOW),
        [[{ id: JOB }]],
      ),
    ],
    insertJobItems: [ex('two orders', (db) => queue.insertJobItems(db, JOB, 1, [ORDER, ORDER + 1]))],
    insertTasks: [
      ex('two tasks', (db) =>
        queue.insertTasks(
          db,
          [
            { userId: MERCHANT, type: 'webhook-delivery', payload: { deliveryId: 1 } },
            { userId: MERCHANT, type: 'webhook-delivery', payload: { deliveryId: 2 } },
          ],
          NOW,
        ),
      ),
    ],
    claimJobs: [
      ex('two types, on PostgreSQL', (db) =>
        queue.claimJobs(db, 'postgres', WORKER, LOCK_MS, ['labels', 'webhook-delivery'], 4),
      ),
      ex("two types, on SQLite (each state's oldest from the index)", (db) =>
        queue.claimJobs(db, 'sqlite', WORKER, LOCK_MS, ['labels', 'webhook-delivery'], 4),
      ),
    ],
    heartbeat: [ex("a worker's job", (db) => queue.heartbeat(db, JOB, WORKER, LOCK_MS))],
    pendingItems: [
      ex('the next ten', (db) => queue.pendingItems(db, JOB, 10, { now: NOW })),
      ex('the next ten after the chunk in hand', (db) => queue.pendingItems(db, JOB, 10, { now: NOW, afterSeq: 40 })),
    ],
    deferItem: [
      ex('an item waiting for its channel', (db) =>
        queue.deferItem(db, JOB, { seq: 1, until: NOW + 30_000, message: 'channel paused' }),
      ),
    ],
    nextWaitingItem: [ex('a job', (db) => queue.nextWaitingItem(db, JOB))],
    finishPendingItems: [
      ex('one outcome', (db) => queue.finishPendingItems(db, JOB, [{ seq: 1, ok: true, message: '' }])),
      ex('outcomes that differ', (db) =>
        queue.finishPendingItems(db, JOB, [
          { seq: 1, ok: true, message: '' },
          { seq: 2, ok: false, message: 'address not found' },
        ]),
      ),
    ],
    countFinishedItems: [ex('a batch', (db) => queue.countFinishedItems(db, JOB, 3, 1))],
    releaseJob: [
      ex('done', (db) => queue.releaseJob(db, JOB, WORKER, { status: 'done', finished_at: NOW })),
      ex('back on the queue', (db) => queue.releaseJob(db, JOB, WORKER, { status: 'queued', run_after: NOW + 30_000 })),
    ],
    releaseJobs: [
      ex('two tasks done, one delivered and one given up', (db) =>
        queue.releaseJobs(db, WORKER, [
          { jobId: JOB, changes: { status: 'done', done: 1, failed: 0, result: 'delivered', finished_at: NOW } },
          {
            jobId: JOB + 1,
            changes: { status: 'failed', done: 0, failed: 1, result: 'gave up after 15 attempts', finished_at: NOW },
          },
        ]),
      ),
      ex('a task to retry', (db) =>
        queue.releaseJobs(db, WORKER, [
          { jobId: JOB, changes: { status: 'queued', run_after: NOW + 30_000, result: 'answered HTTP 500' } },
        ]),
      ),
    ],
    cancelJob: [ex('a job', (db) => queue.cancelJob(db, JOB))],
  }),
  repo('scope/accounts-repo.ts', accounts, {
    whereAccountInScope: [
      ex('any account', (db) =>
        accounts.whereAccountInScope(db.selectFrom('orders').select('id'), 'orders.user_id', ANY_ACCOUNT).execute(),
      ),
      ex('one account', (db) =>
        accounts.whereAccountInScope(db.selectFrom('orders').select('id'), 'orders.user_id', OWN).execute(),
      ),
      ex('owned accounts', (db) =>
        accounts.whereAccountInScope(db.selectFrom('orders').select('id'), 'orders.user_id', OWNED).execute(),
      ),
    ],
    scopedAccount: [
      ex('any account', (db) => accounts.scopedAccount(db, ANY_ACCOUNT, MERCHANT)),
      ex('owned accounts', (db) => accounts.scopedAccount(db, OWNED, MERCHANT)),
    ],
    scopedAccountIds: [
      ex('any account', (db) => accounts.scopedAccountIds(db, ANY_ACCOUNT, [MERCHANT, MERCHANT + 1])),
      ex('owned accounts', (db) => accounts.scopedAccountIds(db, OWNED, [MERCHANT, MERCHANT + 1])),
    ],
    accountOfFamily: [
      ex('a customer, any account', (db) => accounts.accountOfFamily(db, ANY_ACCOUNT, 'customer', MERCHANT)),
      ex('a staff member, owned accounts', (db) => accounts.accountOfFamily(db, OWNED, 'staff', STAFF)),
    ],
  }),
];
