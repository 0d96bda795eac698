/** System messages (docs/api.md): staff send them; each reader marks its own read. */
export type {
  InboxSysMessage,
  SentSysMessage,
  SysMessageInput,
} from '@parcelport/shared/contracts/sys-messages/schemas';
