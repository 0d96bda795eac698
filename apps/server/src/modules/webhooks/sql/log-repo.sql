-- The SQL of modules/webhooks/log-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- endpointDeliveries: every delivery
select
  "d"."id",
  "d"."status",
  "d"."attempts",
  "d"."last_code",
  "d"."last_at",
  "d"."created_at",
  "d"."endpoint_id",
  "v"."event_id",
  "v"."type",
  "v"."body",
  "j"."run_after",
  "j"."status" as "job_status"
from
  "webhook_deliveries" as "d"
  inner join "webhook_events" as "v" on "v"."id" = "d"."event_row_id"
  left join "jobs" as "j" on "j"."id" = "d"."job_id"
where
  "d"."endpoint_id" = $1
order by
  "d"."id" desc
limit
  $2;

-- endpointDeliveries: failed ones before a delivery
select
  "d"."id",
  "d"."status",
  "d"."attempts",
  "d"."last_code",
  "d"."last_at",
  "d"."created_at",
  "d"."endpoint_id",
  "v"."event_id",
  "v"."type",
  "v"."body",
  "j"."run_after",
  "j"."status" as "job_status"
from
  "webhook_deliveries" as "d"
  inner join "webhook_events" as "v" on "v"."id" = "d"."event_row_id"
  left join "jobs" as "j" on "j"."id" = "d"."job_id"
where
  "d"."endpoint_id" = $1
  and "d"."status" = $2
  and "d"."id" < $3
order by
  "d"."id" desc
limit
  $4;

-- endpointDelivery: an endpoint's delivery
select
  "d"."id",
  "d"."status",
  "d"."attempts",
  "d"."last_code",
  "d"."last_at",
  "d"."created_at",
  "d"."endpoint_id",
  "v"."event_id",
  "v"."type",
  "v"."body",
  "j"."run_after",
  "j"."status" as "job_status"
from
  "webhook_deliveries" as "d"
  inner join "webhook_events" as "v" on "v"."id" = "d"."event_row_id"
  left join "jobs" as "j" on "j"."id" = "d"."job_id"
where
  "d"."id" = $1
  and "d"."endpoint_id" = $2;

-- attemptsOf: a delivery
select
  *
from
  "webhook_attempts"
where
  "delivery_id" = $1
order by
  "attempt";

-- failedDeliveriesSince: the last day
select
  "id"
from
  "webhook_deliveries"
where
  "endpoint_id" = $1
  and "status" = $2
  and "created_at" >= $3
order by
  "id"
limit
  $4;
