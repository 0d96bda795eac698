import * as apiLog from '../../../src/modules/api-log/repo.ts';
import { ex, repo } from '../examples.ts';
import { DAY, NOW, PAGE } from '../values.ts';

const RECORD = {
  channelId: 3,
  test: false,
  operation: 'purchase',
  orderNo: 'PP1001',
  method: 'POST',
  url: 'https://carrier.example.com/labels',
  httpStatus: 200,
  durationMs: 420,
  outcome: 'ok',
  errorMessage: null,
  requestHeaders: '{}',
  requestBody: '{}',
  responseBody: '{}',
} as const;

export default [
  repo('modules/api-log/repo.ts', apiLog, {
    insertApiLog: [ex('a carrier call', (db) => apiLog.insertApiLog(db, RECORD, NOW))],
    listApiLogs: [
      ex('first page', (db) => apiLog.listApiLogs(db, PAGE)),
      ex('every filter', (db) =>
        apiLog.listApiLogs(db, {
          ...PAGE,
          from: NOW - DAY,
          to: NOW,
          channelId: 3,
          operation: 'purchase',
          outcome: 'ok',
          orderNo: 'PP1001',
          mode: 'test',
        }),
      ),
    ],
    apiLogEntry: [ex('by id', (db) => apiLog.apiLogEntry(db, 9), [[{ id: 9, created_at: NOW }]])],
    pruneApiLogs: [
      ex('by age and count', (db) => apiLog.pruneApiLogs(db, NOW - 30 * DAY, 100_000), [3, [{ id: 500 }], 2]),
    ],
  }),
];
