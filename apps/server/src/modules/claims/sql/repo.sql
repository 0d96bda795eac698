-- The SQL of modules/claims/repo.ts, made from test/sql/modules/claims.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- storedClaim: by id
select
  *
from
  "insurance_claims"
where
  "id" = $1;

-- insertClaim: a lost parcel
insert into
  "insurance_claims" (
    "user_id",
    "order_id",
    "type",
    "status",
    "open_key",
    "amount",
    "description",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- attachFiles: two files
insert into
  "insurance_claim_files" ("claim_id", "attachment_id")
values
  ($1, $2),
  ($3, $4);

-- setWorkOrder: a claim
update "insurance_claims"
set
  "work_order_id" = $1
where
  "id" = $2;

-- moveClaimRow: into review
update "insurance_claims"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "status" in ($4)
returning
  *;

-- moveClaimRow: approved with an amount
update "insurance_claims"
set
  "approved_amount" = $1,
  "status" = $2,
  "updated_at" = $3
where
  "id" = $4
  and "status" in ($5)
returning
  *;

-- findClaim: own
select
  "insurance_claims".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."insurance_cents",
  "users"."username",
  "work_orders"."ticket_no"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
where
  "insurance_claims"."user_id" = $1
  and "insurance_claims"."id" = $2;

-- findClaim: owned accounts
select
  "insurance_claims".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."insurance_cents",
  "users"."username",
  "work_orders"."ticket_no"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
where
  "insurance_claims"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "insurance_claims"."id" = $2;

-- findClaim: owned accounts, through a test key
select
  "insurance_claims".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."insurance_cents",
  "users"."username",
  "work_orders"."ticket_no"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
where
  "insurance_claims"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "orders"."is_test" = $2
  and "insurance_claims"."id" = $3;

-- listClaimRows: any account, newest first (1 of 2)
select
  "insurance_claims".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."insurance_cents",
  "users"."username",
  "work_orders"."ticket_no"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
order by
  "insurance_claims"."created_at" desc,
  "insurance_claims"."id" desc
limit
  $1
offset
  $2;

-- listClaimRows: any account, newest first (2 of 2)
select
  count(*) as "total"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id";

-- listClaimRows: own, every filter, oldest first (1 of 2)
select
  "insurance_claims".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."insurance_cents",
  "users"."username",
  "work_orders"."ticket_no"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
where
  "insurance_claims"."user_id" = $1
  and "insurance_claims"."status" = $2
  and "insurance_claims"."type" = $3
  and "insurance_claims"."order_id" = $4
  and (
    "orders"."order_no" = $5
    or "orders"."tracking_no" = $6
    or lower("users"."username") like $7
  )
order by
  "insurance_claims"."created_at" asc,
  "insurance_claims"."id" asc
limit
  $8
offset
  $9;

-- listClaimRows: own, every filter, oldest first (2 of 2)
select
  count(*) as "total"
from
  "insurance_claims"
  inner join "orders" on "orders"."id" = "insurance_claims"."order_id"
  inner join "users" on "users"."id" = "insurance_claims"."user_id"
  left join "work_orders" on "work_orders"."id" = "insurance_claims"."work_order_id"
where
  "insurance_claims"."user_id" = $1
  and "insurance_claims"."status" = $2
  and "insurance_claims"."type" = $3
  and "insurance_claims"."order_id" = $4
  and (
    "orders"."order_no" = $5
    or "orders"."tracking_no" = $6
    or lower("users"."username") like $7
  );

-- filesOf: two claims
select
  "insurance_claim_files"."claim_id",
  "attachments"."id",
  "attachments"."original_name",
  "attachments"."mime"
from
  "insurance_claim_files"
  inner join "attachments" on "attachments"."id" = "insurance_claim_files"."attachment_id"
where
  "insurance_claim_files"."claim_id" in ($1, $2)
order by
  "attachments"."id";

-- blockingTypesOf: an order
select
  "type"
from
  "insurance_claims"
where
  "order_id" = $1
  and "open_key" is not null;

-- trackingTimesOf: an order (1 of 2)
select
  max("tracking_events"."occurred_at") as "at"
from
  "tracking_events"
  inner join "parcels" on "parcels"."id" = "tracking_events"."parcel_id"
where
  "parcels"."order_id" = $1
  and "tracking_events"."status" >= $2
  and "tracking_events"."status" <= $3;

-- trackingTimesOf: an order (2 of 2)
select
  max("created_at") as "at"
from
  "order_events"
where
  "order_id" = $1
  and "event" = $2;
