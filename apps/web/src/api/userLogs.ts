import * as contracts from '@parcelport/shared/contracts/audit/index';
import { call } from './call';

/** The user log (/maintenance/userLogs): every changing call, who made it, acting as whom. */
export const listUserLogs = (query: {
  page: number;
  pageSize: number;
  actorId?: number;
  subjectId?: number;
  path?: string;
}) => call(contracts.listUserLogs, { query: { ...query } });
