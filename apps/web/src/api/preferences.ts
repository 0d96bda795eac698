import type { TableList, TableSettings } from '@parcelport/shared/contracts/preferences/index';
import * as contracts from '@parcelport/shared/contracts/preferences/index';
import { call } from './call';

/** My arrangement of a list's table (issue 14), kept on the server; null: the list's own. */
export const getTableSettings = (list: TableList) => call(contracts.getTableSettings, { params: { list } });
export const saveTableSettings = (list: TableList, body: TableSettings) =>
  call(contracts.saveTableSettings, { params: { list }, body });
export const resetTableSettings = (list: TableList) => call(contracts.resetTableSettings, { params: { list } });
