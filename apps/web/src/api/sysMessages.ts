import * as contracts from '@parcelport/shared/contracts/sys-messages/index';
import { call } from './call';

/** System messages (docs/api.md): staff send them; each reader marks its own read. */
export type {
  InboxSysMessage,
  SentSysMessage,
  SysMessageInput,
} from '@parcelport/shared/contracts/sys-messages/schemas';

export const listSentSysMessages = (query: { page: number; pageSize: number; keyword?: string }) =>
  call(contracts.listSentSysMessages, { query: { ...query } });
export const createSysMessage = (body: contracts.SysMessageInput) => call(contracts.createSysMessage, { body });
export const deleteSysMessages = (ids: number[]) => call(contracts.deleteSysMessages, { body: { ids } });

export const listMySysMessages = (query: { page: number; pageSize: number; unread?: boolean }) =>
  call(contracts.listMySysMessages, { query: { ...query } });
/** Marks the given messages read; an empty list marks all of them. */
export const markSysMessagesRead = (ids: number[]) => call(contracts.markSysMessagesRead, { body: { ids } });
