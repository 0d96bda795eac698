-- The SQL of modules/webhooks/deliveries-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- setDeliveryJobs: one delivery
update "webhook_deliveries"
set
  "job_id" = $1
where
  "id" in ($2);

-- setDeliveryJobs: two deliveries
update "webhook_deliveries"
set
  "job_id" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end
where
  "id" in ($5, $6);

-- insertDeliveries: two endpoints
insert into
  "webhook_deliveries" (
    "endpoint_id",
    "event_row_id",
    "user_id",
    "status",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5),
  ($6, $7, $8, $9, $10)
on conflict ("endpoint_id", "event_row_id") do nothing
returning
  "id";

-- insertDelivery: a sample
insert into
  "webhook_deliveries" (
    "endpoint_id",
    "event_row_id",
    "user_id",
    "status",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- deliveryToSend: by id
select
  "d"."id",
  "d"."status",
  "d"."user_id",
  "d"."job_id",
  "e"."id" as "endpoint_id",
  "e"."url",
  "e"."enabled",
  "e"."secret",
  "e"."previous_secret",
  "e"."previous_secret_until",
  "e"."failing_since",
  "v"."event_id",
  "v"."body"
from
  "webhook_deliveries" as "d"
  inner join "webhook_endpoints" as "e" on "e"."id" = "d"."endpoint_id"
  inner join "webhook_events" as "v" on "v"."id" = "d"."event_row_id"
where
  "d"."id" = $1;

-- failDelivery: by id
update "webhook_deliveries"
set
  "status" = $1
where
  "id" = $2;

-- countAttempt: a success
update "webhook_deliveries"
set
  "attempts" = "attempts" + $1,
  "last_code" = $2,
  "last_at" = $3,
  "status" = $4
where
  "id" = $5
returning
  "attempts";

-- countAttempt: a failure
update "webhook_deliveries"
set
  "attempts" = "attempts" + $1,
  "last_code" = $2,
  "last_at" = $3
where
  "id" = $4
returning
  "attempts";

-- insertAttempt: a timeout
insert into
  "webhook_attempts" (
    "delivery_id",
    "attempt",
    "trigger",
    "at",
    "status_code",
    "duration_ms",
    "error"
  )
values
  ($1, $2, $3, $4, $5, $6, $7);

-- giveUpDelivery: a delivery's task
update "webhook_deliveries"
set
  "status" = $1
where
  "id" = $2
  and "job_id" = $3
  and "status" = $4
returning
  "endpoint_id",
  "user_id";

-- taskQueuedAt: a task
select
  "created_at"
from
  "jobs"
where
  "id" = $1;

-- firstAttemptSince: since a time
select
  min("at") as "at"
from
  "webhook_attempts"
where
  "delivery_id" = $1
  and "at" >= $2;

-- reopenDelivery: by id
update "webhook_deliveries"
set
  "status" = $1
where
  "id" = $2
  and "status" != $3;
