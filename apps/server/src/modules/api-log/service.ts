import type { API_LOG_OPERATIONS } from '@parcelport/shared/contracts/api-log/index';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/index.ts';
import type { Sweep } from '../../jobs/sweeper.ts';
import type { ApiLogSink } from '../../outbound/client.ts';
import type { UpstreamOperation } from '../../outbound/types.ts';
import { insertApiLog, pruneApiLogs } from './repo.ts';

// The screen's operation filter offers exactly the operations the client logs.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameOperations: Same<UpstreamOperation, (typeof API_LOG_OPERATIONS)[number]> = true;
void sameOperations;

/**
 * The sink a channel's upstream client writes its attempts to. A failed write is reported in the server
 * log and never fails the carrier call it records.
 */
export function apiLogSink(db: Db, log: FastifyBaseLogger): ApiLogSink {
  return async (record) => {
    try {
      await insertApiLog(db, record);
    } catch (error) {
      log.error({ err: error, channelId: record.channelId, operation: record.operation }, 'API log write failed');
    }
  };
}

/**
 * Keeps the log within its retention: the run-time settings' days and rows (/adminSettings/sysConfig;
 * API_LOG_RETENTION_DAYS and API_LOG_MAX_ROWS until they are saved there), as they are at each pruning.
 */
export const pruneApiLogSweep: Sweep = {
  name: 'pruned API log records beyond the retention',
  run: async ({ db, settings }) => {
    const { retentionDays, maxRows } = (await settings.current()).apiLog;
    return pruneApiLogs(db, Date.now() - retentionDays * 86_400_000, maxRows);
  },
};
