-- The SQL of modules/tracking/push-inbox-repo.ts, made from test/sql/modules/tracking.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertPushes: two numbers of a push
insert into
  "carrier_pushes" (
    "channel_id",
    "tracking_no",
    "events",
    "received_at",
    "run_after"
  )
values
  ($1, $2, $3, $4, $5),
  ($6, $7, $8, $9, $10);

-- claimPushes: a group, PostgreSQL
with
  "picked" as (
    select
      "p"."id"
    from
      "carrier_pushes" as "p"
    where
      "p"."gave_up_at" is null
      and "p"."run_after" <= $1
      and (
        "p"."claimed_until" is null
        or "p"."claimed_until" < $2
      )
      and not exists (
        select
          "before"."id"
        from
          "carrier_pushes" as "before"
        where
          "before"."tracking_no" = "p"."tracking_no"
          and "before"."id" < "p"."id"
          and "before"."gave_up_at" is null
      )
    order by
      "p"."id"
    limit
      $3
    for update of
      "p" skip locked
  )
update "carrier_pushes"
set
  "claimed_by" = $4,
  "claimed_until" = $5
where
  "id" in (
    select
      "picked"."id"
    from
      "picked"
  )
  and (
    "claimed_until" is null
    or "claimed_until" < $6
  )
returning
  "id",
  "channel_id",
  "tracking_no",
  "events",
  "attempts";

-- claimPushes: a group, SQLite
with
  "picked" as (
    select
      "p"."id"
    from
      "carrier_pushes" as "p"
    where
      "p"."gave_up_at" is null
      and "p"."run_after" <= $1
      and (
        "p"."claimed_until" is null
        or "p"."claimed_until" < $2
      )
      and not exists (
        select
          "before"."id"
        from
          "carrier_pushes" as "before"
        where
          "before"."tracking_no" = "p"."tracking_no"
          and "before"."id" < "p"."id"
          and "before"."gave_up_at" is null
      )
    order by
      "p"."id"
    limit
      $3
  )
update "carrier_pushes"
set
  "claimed_by" = $4,
  "claimed_until" = $5
where
  "id" in (
    select
      "picked"."id"
    from
      "picked"
  )
returning
  "id",
  "channel_id",
  "tracking_no",
  "events",
  "attempts";

-- lockOrdersOfNumbers: a group's numbers
select
  "orders"."id"
from
  "orders"
  inner join "parcels" on "parcels"."order_id" = "orders"."id"
where
  "parcels"."tracking_no" in ($1, $2)
order by
  "orders"."id"
for update of
  "orders";

-- pendingPushesOf: a group's numbers
select
  "id",
  "tracking_no"
from
  "carrier_pushes"
where
  "tracking_no" in ($1, $2)
  and "gave_up_at" is null;

-- takePushes: a group
delete from "carrier_pushes"
where
  "id" in ($1, $2)
  and "claimed_by" = $3
returning
  "id";

-- releasePushes: two pushes
update "carrier_pushes"
set
  "claimed_by" = $1,
  "claimed_until" = $2
where
  "id" in ($3, $4)
  and "claimed_by" = $5;

-- pushFailed: tried again later
update "carrier_pushes"
set
  "attempts" = $1,
  "error" = $2,
  "run_after" = $3,
  "gave_up_at" = $4,
  "claimed_by" = $5,
  "claimed_until" = $6
where
  "id" = $7
  and "claimed_by" = $8;

-- storedPushes: all
select
  *
from
  "carrier_pushes"
order by
  "id";
