import * as contracts from '@parcelport/shared/contracts/audit/index';
import { pathOf } from '@parcelport/shared/contracts/contract';
import { call } from './call';

/** The user log (/maintenance/userLogs): every changing call, who made it, acting as whom. */
export const listUserLogs = (query: {
  page: number;
  pageSize: number;
  actorId?: number;
  subjectId?: number;
  path?: string;
  /** ISO times: from inclusive, to exclusive. */
  from?: string;
  to?: string;
}) => call(contracts.listUserLogs, { query: { ...query } });

/** The user log's xlsx export (same filters as the list), for ExportButton. */
export const USER_LOG_EXPORT = pathOf(contracts.exportUserLogs);
