import type { Generated } from 'kysely';

export interface SysMessagesTable {
  id: Generated<number>;
  title: string;
  content: string;
  /** 'all', 'customers', 'staff', or 'users' (those of sys_message_recipients). */
  audience: string;
  created_by: number;
  created_at: number;
}

export interface SysMessageRecipientsTable {
  sys_message_id: number;
  user_id: number;
}

export interface SysMessageReadsTable {
  sys_message_id: number;
  user_id: number;
  read_at: number;
}

/** The tables modules/sys-messages writes, by name (test/table-owners.test.ts). */
export interface SysMessagesTables {
  sys_messages: SysMessagesTable;
  sys_message_recipients: SysMessageRecipientsTable;
  sys_message_reads: SysMessageReadsTable;
}
