-- The SQL of modules/webhooks/events-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertEvents: two events
insert into
  "webhook_events" (
    "event_id",
    "user_id",
    "type",
    "source_key",
    "body",
    "is_test",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14)
on conflict ("user_id", "type", "source_key") do nothing
returning
  "id",
  "event_id",
  "user_id";

-- insertEvent: a sample
insert into
  "webhook_events" (
    "event_id",
    "user_id",
    "type",
    "source_key",
    "body",
    "is_test",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  "id";

-- eventRow: by id
select
  *
from
  "webhook_events"
where
  "id" = $1;
