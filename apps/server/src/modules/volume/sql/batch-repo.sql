-- The SQL of modules/volume/batch-repo.ts, made from test/sql/modules/volume.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- ownJob: a session
select
  *
from
  "jobs"
where
  "id" = $1
  and "user_id" = $2;

-- ownJob: a test key
select
  *
from
  "jobs"
where
  "id" = $1
  and "user_id" = $2
  and not exists (
    select
      "job_items"."order_id"
    from
      "job_items"
      inner join "orders" on "orders"."id" = "job_items"."order_id"
    where
      "job_items"."job_id" = "jobs"."id"
      and "orders"."is_test" = $3
  );

-- jobItems: every item (1 of 2)
select
  "job_items"."seq",
  "job_items"."order_id",
  "orders"."order_no",
  "job_items"."status",
  "job_items"."message"
from
  "job_items"
  inner join "orders" on "orders"."id" = "job_items"."order_id"
where
  "job_items"."job_id" = $1
order by
  "job_items"."seq"
limit
  $2
offset
  $3;

-- jobItems: every item (2 of 2)
select
  count(*) as "total"
from
  "job_items"
  inner join "orders" on "orders"."id" = "job_items"."order_id"
where
  "job_items"."job_id" = $1;

-- jobItems: failed items (1 of 2)
select
  "job_items"."seq",
  "job_items"."order_id",
  "orders"."order_no",
  "job_items"."status",
  "job_items"."message"
from
  "job_items"
  inner join "orders" on "orders"."id" = "job_items"."order_id"
where
  "job_items"."job_id" = $1
  and "job_items"."status" = $2
order by
  "job_items"."seq"
limit
  $3
offset
  $4;

-- jobItems: failed items (2 of 2)
select
  count(*) as "total"
from
  "job_items"
  inner join "orders" on "orders"."id" = "job_items"."order_id"
where
  "job_items"."job_id" = $1
  and "job_items"."status" = $2;
