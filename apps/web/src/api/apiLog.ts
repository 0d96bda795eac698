import type { KeyMode } from '@parcelport/shared';
import type { API_LOG_OPERATIONS, API_LOG_OUTCOMES } from '@parcelport/shared/contracts/api-log/index';

/** The API log (/maintenance/apiLog): calls to the carriers' APIs; shapes from contracts/api-log. */
export type { ApiLogDetail, ApiLogView } from '@parcelport/shared/contracts/api-log/index';

export interface ApiLogFilter {
  /** ISO times: `from` inclusive, `to` exclusive. */
  from?: string;
  to?: string;
  channelId?: number;
  operation?: (typeof API_LOG_OPERATIONS)[number];
  outcome?: (typeof API_LOG_OUTCOMES)[number];
  orderNo?: string;
  /** Calls made for test labels (with the carriers' test credentials) or live ones. */
  mode?: KeyMode;
}
