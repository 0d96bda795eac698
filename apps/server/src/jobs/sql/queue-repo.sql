-- The SQL of jobs/queue-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertJob: a bulk job
insert into
  "jobs" (
    "user_id",
    "type",
    "status",
    "total",
    "payload",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  "id";

-- insertJobItems: two orders
insert into
  "job_items" ("job_id", "seq", "order_id")
values
  ($1, $2, $3),
  ($4, $5, $6);

-- insertTasks: two tasks
insert into
  "jobs" (
    "user_id",
    "type",
    "status",
    "total",
    "payload",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14)
returning
  "id";

-- claimJobs: two types, on PostgreSQL
with
  "picked" as (
    select
      "id"
    from
      "jobs"
    where
      "type" in ($1, $2)
      and (
        (
          "status" = $3
          and (
            "run_after" is null
            or "run_after" <= $4
          )
        )
        or (
          "status" = $5
          and "locked_until" < $6
        )
      )
    order by
      "id"
    limit
      $7
    for update
      skip locked
  )
update "jobs"
set
  "status" = $8,
  "locked_by" = $9,
  "locked_until" = $10,
  "attempts" = "attempts" + $11,
  "updated_at" = $12
where
  "id" in (
    select
      "picked"."id"
    from
      "picked"
  )
  and (
    (
      "status" = $13
      and (
        "run_after" is null
        or "run_after" <= $14
      )
    )
    or (
      "status" = $15
      and "locked_until" < $16
    )
  )
returning
  *;

-- claimJobs: two types, on SQLite (each state's oldest from the index)
with
  "picked" as (
    select
      "q"."id"
    from
      (
        select
          "id"
        from
          "jobs"
        where
          "status" = $1
          and "type" in ($2, $3)
          and (
            "run_after" is null
            or "run_after" <= $4
          )
        order by
          "id"
        limit
          $5
      ) as "q"
    union all
    select
      "r"."id"
    from
      (
        select
          "id"
        from
          "jobs"
        where
          "status" = $6
          and "type" in ($7, $8)
          and "locked_until" < $9
        order by
          "id"
        limit
          $10
      ) as "r"
    order by
      "id"
    limit
      $11
  )
update "jobs"
set
  "status" = $12,
  "locked_by" = $13,
  "locked_until" = $14,
  "attempts" = "attempts" + $15,
  "updated_at" = $16
where
  "id" in (
    select
      "picked"."id"
    from
      "picked"
  )
returning
  *;

-- heartbeat: a worker's job
update "jobs"
set
  "locked_until" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "locked_by" = $4
  and "status" = $5;

-- pendingItems: the next ten
select
  "seq",
  "order_id"
from
  "job_items"
where
  "job_id" = $1
  and "status" = 0
  and (
    "not_before" is null
    or "not_before" <= $2
  )
order by
  "seq"
limit
  $3;

-- pendingItems: the next ten after the chunk in hand
select
  "seq",
  "order_id"
from
  "job_items"
where
  "job_id" = $1
  and "status" = 0
  and "seq" > $2
  and (
    "not_before" is null
    or "not_before" <= $3
  )
order by
  "seq"
limit
  $4;

-- deferItem: an item waiting for its channel
update "job_items"
set
  "not_before" = $1,
  "message" = $2
where
  "job_id" = $3
  and "seq" = $4
  and "status" = $5;

-- nextWaitingItem: a job
select
  min("not_before") as "until"
from
  "job_items"
where
  "job_id" = $1
  and "status" = 0;

-- finishPendingItems: one outcome
update "job_items"
set
  "status" = $1,
  "message" = $2
where
  "job_id" = $3
  and "seq" in ($4)
  and "status" = $5
returning
  "status";

-- finishPendingItems: outcomes that differ
update "job_items"
set
  "status" = case
    when "seq" = $1 then cast($2 as bigint)
    when "seq" = $3 then cast($4 as bigint)
  end,
  "message" = case
    when "seq" = $5 then cast($6 as text)
    when "seq" = $7 then cast($8 as text)
  end
where
  "job_id" = $9
  and "seq" in ($10, $11)
  and "status" = $12
returning
  "status";

-- countFinishedItems: a batch
update "jobs"
set
  "done" = "done" + $1,
  "failed" = "failed" + $2
where
  "id" = $3;

-- releaseJob: done
update "jobs"
set
  "status" = $1,
  "finished_at" = $2,
  "locked_by" = $3,
  "locked_until" = $4,
  "updated_at" = $5
where
  "id" = $6
  and "locked_by" = $7
  and "status" = $8;

-- releaseJob: back on the queue
update "jobs"
set
  "status" = $1,
  "run_after" = $2,
  "locked_by" = $3,
  "locked_until" = $4,
  "updated_at" = $5
where
  "id" = $6
  and "locked_by" = $7
  and "status" = $8;

-- releaseJobs: two tasks done, one delivered and one given up
update "jobs"
set
  "status" = case
    when "id" = $1 then cast($2 as text)
    when "id" = $3 then cast($4 as text)
  end,
  "done" = case
    when "id" = $5 then cast($6 as bigint)
    when "id" = $7 then cast($8 as bigint)
  end,
  "failed" = case
    when "id" = $9 then cast($10 as bigint)
    when "id" = $11 then cast($12 as bigint)
  end,
  "result" = case
    when "id" = $13 then cast($14 as text)
    when "id" = $15 then cast($16 as text)
  end,
  "finished_at" = $17,
  "locked_by" = $18,
  "locked_until" = $19,
  "updated_at" = $20
where
  "id" in ($21, $22)
  and "locked_by" = $23
  and "status" = $24;

-- releaseJobs: a task to retry
update "jobs"
set
  "status" = $1,
  "run_after" = $2,
  "result" = $3,
  "locked_by" = $4,
  "locked_until" = $5,
  "updated_at" = $6
where
  "id" in ($7)
  and "locked_by" = $8
  and "status" = $9;

-- cancelJob: a job
update "jobs"
set
  "status" = $1,
  "finished_at" = $2,
  "updated_at" = $3
where
  "id" = $4
  and "status" in ($5, $6);
