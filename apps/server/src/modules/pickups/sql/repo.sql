-- The SQL of modules/pickups/repo.ts, made from test/sql/modules/pickups.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertAsked: a pickup
insert into
  "pickups" (
    "user_id",
    "channel_id",
    "pickup_date",
    "window_start",
    "window_end",
    "location",
    "instructions",
    "package_count",
    "weight_oz",
    "created_by",
    "created_at",
    "label_date",
    "status",
    "fee",
    "asked_at"
  )
values
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15
  )
on conflict do nothing
returning
  "id";

-- askedPickup: a day
select
  "pickups".*,
  "channels"."name" as "channel_name"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
where
  "pickups"."user_id" = $1
  and "pickups"."channel_id" = $2
  and "pickups"."pickup_date" = $3
  and "pickups"."status" = $4;

-- pickupsWithin: any account
select
  "pickups".*,
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "users"."username"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
  inner join "users" on "users"."id" = "pickups"."user_id";

-- pickupsWithin: own
select
  "pickups".*,
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "users"."username"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
  inner join "users" on "users"."id" = "pickups"."user_id"
where
  "pickups"."user_id" = $1;

-- pickupsWithin: owned accounts
select
  "pickups".*,
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "users"."username"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
  inner join "users" on "users"."id" = "pickups"."user_id"
where
  "users"."owner_id" = $1;

-- pickupsWithin: a test key
select
  "pickups".*,
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "users"."username"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
  inner join "users" on "users"."id" = "pickups"."user_id"
where
  false
  and "pickups"."user_id" = $1;

-- settleAsked: scheduled
update "pickups"
set
  "status" = $1,
  "confirmation_no" = $2,
  "upstream_id" = $3,
  "fee" = $4,
  "asked_at" = $5,
  "settled_by" = $6,
  "settled_at" = $7
where
  "id" = $8
  and "status" = $9;

-- settleAsked: not booked, by staff
update "pickups"
set
  "status" = $1,
  "asked_at" = $2,
  "settled_by" = $3,
  "settled_at" = $4
where
  "id" = $5
  and "status" = $6;

-- pickupsOf: a merchant
select
  "pickups".*,
  "channels"."name" as "channel_name"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
where
  "pickups"."user_id" = $1
order by
  "pickups"."id" desc
limit
  $2;

-- pickupOf: by id
select
  "pickups".*,
  "channels"."name" as "channel_name"
from
  "pickups"
  left join "channels" on "channels"."id" = "pickups"."channel_id"
where
  "pickups"."id" = $1
  and "pickups"."user_id" = $2;

-- claimCancel: by id
update "pickups"
set
  "status" = $1
where
  "id" = $2
  and "status" = $3;

-- releaseCancel: by id
update "pickups"
set
  "status" = $1
where
  "id" = $2
  and "status" = $3;

-- markCancelled: by id
update "pickups"
set
  "status" = $1,
  "cancelled_at" = $2
where
  "id" = $3
  and "status" = $4;

-- deletePickup: by id
delete from "pickups"
where
  "id" = $1;
