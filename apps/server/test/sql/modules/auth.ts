import * as apiKeys from '../../../src/modules/auth/api-keys-repo.ts';
import * as throttles from '../../../src/modules/auth/login-throttles-repo.ts';
import * as secrets from '../../../src/modules/auth/server-secrets-repo.ts';
import * as sessions from '../../../src/modules/auth/sessions-repo.ts';
import { ex, repo } from '../examples.ts';
import { DAY, MERCHANT, NOW, STAFF } from '../values.ts';

const SESSION = 31;
const KEY = 32;
const TOKEN_HASH = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const USERNAME = 'ada';
const SECRET = 'login_rsa_private_key';
const PEM = '-----BEGIN PRIVATE KEY-----…';

export default [
  repo('modules/auth/sessions-repo.ts', sessions, {
    insertSession: [
      ex('a sign-in', (db) =>
        sessions.insertSession(db, {
          token_hash: TOKEN_HASH,
          user_id: MERCHANT,
          actor_id: null,
          issued_at: NOW,
          expires_at: NOW + DAY,
        }),
      ),
    ],
    liveSessionByHash: [ex("a token's hash", (db) => sessions.liveSessionByHash(db, TOKEN_HASH))],
    shortenSession: [ex('a renewed session', (db) => sessions.shortenSession(db, SESSION, NOW + 60_000))],
    revokeSession: [ex('by id', (db) => sessions.revokeSession(db, SESSION))],
    revokeUserSessions: [
      ex('every session', (db) => sessions.revokeUserSessions(db, STAFF)),
      ex('all but the one that changed the password', (db) => sessions.revokeUserSessions(db, STAFF, SESSION)),
    ],
  }),
  repo('modules/auth/api-keys-repo.ts', apiKeys, {
    liveKeyRows: [ex("a merchant's keys", (db) => apiKeys.liveKeyRows(db, MERCHANT))],
    countLiveKeys: [ex("a merchant's keys", (db) => apiKeys.countLiveKeys(db, MERCHANT))],
    liveKeyRow: [ex("one of a merchant's keys", (db) => apiKeys.liveKeyRow(db, MERCHANT, KEY))],
    insertKeyRow: [
      ex(
        'a test key limited to reading',
        (db) =>
          apiKeys.insertKeyRow(db, {
            token_hash: TOKEN_HASH,
            user_id: MERCHANT,
            actor_id: null,
            issued_at: NOW,
            expires_at: NOW + 365 * DAY,
            api_key_name: 'Shop sync',
            api_key_prefix: 'pp_test_ab12',
            api_key_read_only: 1,
            api_key_test: 1,
            api_key_areas: '["orders"]',
            api_key_ips: null,
            api_key_lineage: null,
          }),
        [[{ id: KEY }]],
      ),
    ],
    markKeyRolled: [ex('a key rolled', (db) => apiKeys.markKeyRolled(db, KEY, NOW, NOW + DAY))],
    revokeKeyRow: [ex("one of a merchant's keys", (db) => apiKeys.revokeKeyRow(db, MERCHANT, KEY))],
    touchApiKey: [ex('a call', (db) => apiKeys.touchApiKey(db, KEY, '203.0.113.5', NOW))],
  }),
  repo('modules/auth/login-throttles-repo.ts', throttles, {
    throttleOf: [ex('a username', (db) => throttles.throttleOf(db, USERNAME))],
    ensureThrottle: [ex('a username', (db) => throttles.ensureThrottle(db, USERNAME, NOW))],
    countFailure: [
      ex('a failure', (db) => throttles.countFailure(db, USERNAME, NOW - 15 * 60_000, NOW), [
        [{ failures: 1, lockouts: 0 }],
      ]),
    ],
    lockUsername: [
      ex('a lock', (db) => throttles.lockUsername(db, USERNAME, { now: NOW, lockedUntil: NOW + 900_000, lockouts: 1 })),
    ],
    deleteThrottle: [ex('a username', (db) => throttles.deleteThrottle(db, USERNAME))],
  }),
  repo('modules/auth/server-secrets-repo.ts', secrets, {
    secretValue: [ex('by name', (db) => secrets.secretValue(db, SECRET))],
    keepSecretOnce: [ex('a first secret', (db) => secrets.keepSecretOnce(db, SECRET, PEM))],
    storedSecret: [ex('by name', (db) => secrets.storedSecret(db, SECRET), [[{ value: PEM }]])],
  }),
];
