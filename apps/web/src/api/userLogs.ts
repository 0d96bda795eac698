import * as contracts from '@parcelport/shared/contracts/audit/index';
import { pathOf } from '@parcelport/shared/contracts/contract';

/**
 * The user log (/maintenance/userLogs): every changing call, who made it, acting as whom. Its xlsx export (same
 * filters as the list), for ExportButton.
 */
export const USER_LOG_EXPORT = pathOf(contracts.exportUserLogs);
