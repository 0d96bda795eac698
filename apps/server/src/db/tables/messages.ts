import type { Generated } from 'kysely';

export interface UserMessagesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  /** In the platform's language; shown as is when the message has no keys (written before 0035). */
  title: string;
  content: Generated<string>;
  /** The catalogue keys of the title and text, and their values as JSON (0035): shown in the reader's language. */
  title_key: string | null;
  content_key: string | null;
  params: Generated<string>;
  status: Generated<number>;
  /** 1: about the account's money (0158), which a team member without `money` does not read. */
  about_money: Generated<number>;
  created_at: number;
}

/** The tables modules/messages writes, by name (test/table-owners.test.ts). */
export interface MessagesTables {
  user_messages: UserMessagesTable;
}
