-- The SQL of modules/notices/repo.ts, made from test/sql/modules/notices.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- noticeSettingsOf: a merchant
select
  *
from
  "notice_settings"
where
  "user_id" = $1;

-- noticesSwitchedOn: two merchants
select
  *
from
  "notice_settings"
where
  "user_id" in ($1, $2)
  and "enabled" = $3;

-- noticeSettingOf: an event
select
  *
from
  "notice_settings"
where
  "user_id" = $1
  and "event" = $2;

-- upsertNoticeSettings: two events (1 of 2)
insert into
  "notice_settings" (
    "user_id",
    "event",
    "enabled",
    "subject_zh",
    "body_zh",
    "subject_en",
    "body_en",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
on conflict ("user_id", "event") do update
set
  "enabled" = $9,
  "subject_zh" = $10,
  "body_zh" = $11,
  "subject_en" = $12,
  "body_en" = $13,
  "updated_at" = $14;

-- upsertNoticeSettings: two events (2 of 2)
insert into
  "notice_settings" (
    "user_id",
    "event",
    "enabled",
    "subject_zh",
    "body_zh",
    "subject_en",
    "body_en",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
on conflict ("user_id", "event") do update
set
  "enabled" = $9,
  "subject_zh" = $10,
  "body_zh" = $11,
  "subject_en" = $12,
  "body_en" = $13,
  "updated_at" = $14;

-- recordNotice: a notice
insert into
  "recipient_notices" ("order_id", "event", "email", "locale", "sent_at")
values
  ($1, $2, $3, $4, $5)
on conflict ("order_id", "event") do nothing
returning
  "id";

-- noticesOfOrder: an order
select
  *
from
  "recipient_notices"
where
  "order_id" = $1
order by
  "id";
