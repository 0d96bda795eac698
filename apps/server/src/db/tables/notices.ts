import type { Generated } from 'kysely';

/** Whether an account's recipients are mailed on an event, and the templates (0070; '' = built-in). */
export interface NoticeSettingsTable {
  user_id: number;
  event: string;
  enabled: Generated<number>;
  subject_zh: Generated<string>;
  body_zh: Generated<string>;
  subject_en: Generated<string>;
  body_en: Generated<string>;
  updated_at: number;
}

/** A notice mailed to a recipient (0070): one per order and event. */
export interface RecipientNoticesTable {
  id: Generated<number>;
  order_id: number;
  event: string;
  email: string;
  locale: string;
  sent_at: number;
}

/** The tables modules/notices writes, by name (test/table-owners.test.ts). */
export interface NoticesTables {
  notice_settings: NoticeSettingsTable;
  recipient_notices: RecipientNoticesTable;
}
