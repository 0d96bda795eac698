-- The SQL of modules/webhooks/sources-repo.ts, made from test/sql/modules/webhooks.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- ordersOfLabels: two orders
select
  "id",
  "user_id",
  "order_no",
  "tracking_no",
  "channel_id",
  "is_test"
from
  "orders"
where
  "id" in ($1, $2);

-- orderMode: an order
select
  "is_test"
from
  "orders"
where
  "id" = $1;

-- jobTotals: a job
select
  "id",
  "user_id",
  "type",
  "total",
  "done",
  "failed",
  "status"
from
  "jobs"
where
  "id" = $1;

-- liveItemOfJob: a job
select
  "job_items"."order_id"
from
  "job_items"
  inner join "orders" on "orders"."id" = "job_items"."order_id"
where
  "job_items"."job_id" = $1
  and "orders"."is_test" = $2
limit
  $3;
