-- The SQL of modules/orders/repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- withinScope: any account
select
  "id"
from
  "orders";

-- withinScope: own
select
  "id"
from
  "orders"
where
  "orders"."user_id" = $1;

-- withinScope: owned accounts
select
  "id"
from
  "orders"
where
  "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  );

-- withinScope: own, with a test key's mode
select
  "id"
from
  "orders"
where
  "orders"."is_test" = $1
  and "orders"."user_id" = $2;

-- findOrderInScope: any account
select
  *
from
  "orders"
where
  "orders"."id" = $1;

-- findOrderInScope: owned accounts
select
  *
from
  "orders"
where
  "orders"."id" = $1
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  );

-- countOrdersInScope: own
select
  count(*) as "n"
from
  "orders"
where
  "orders"."id" in ($1, $2)
  and "orders"."user_id" = $3;

-- findOrder: any account
select
  *
from
  "orders"
where
  "id" = $1;

-- findOrder: a merchant's
select
  *
from
  "orders"
where
  "id" = $1
  and "user_id" = $2;

-- followingFacts: orders
select
  "orders"."id",
  "orders"."status",
  "orders"."refunded_at",
  "orders"."tracking_no",
  (
    select
      min("parcels"."tracking_status") as "lowest"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
  ) as "lowest_state",
  (
    select
      max("parcels"."tracking_status") as "highest"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
  ) as "highest_state",
  (
    select
      "order_events"."id"
    from
      "order_events"
    where
      "order_events"."order_id" = "orders"."id"
      and "order_events"."event" = $1
    limit
      $2
  ) as "received_event"
from
  "orders"
where
  "orders"."id" in ($3);

-- parcelsOf: an order
select
  *
from
  "parcels"
where
  "order_id" = $1
order by
  "seq";

-- ordersWithParcels: two orders (1 of 2)
select
  *
from
  "orders"
where
  "id" in ($1, $2);

-- ordersWithParcels: two orders (2 of 2)
select
  *
from
  "parcels"
where
  "order_id" in ($1, $2)
order by
  "order_id",
  "seq";

-- parcelsOfOrders: two orders
select
  *
from
  "parcels"
where
  "order_id" in ($1, $2)
order by
  "order_id",
  "seq";

-- transition: from a state
update "orders"
set
  "status" = $1,
  "updated_at" = $2,
  "version" = "version" + $3
where
  "id" = $4
  and "status" in ($5);

-- transition: unchanged since read, with columns
update "orders"
set
  "fail_reason" = $1,
  "status" = $2,
  "updated_at" = $3,
  "version" = "version" + $4
where
  "id" = $5
  and "status" in ($6, $7)
  and "version" = $8;

-- transitionMany: orders read in one state
update "orders"
set
  "status" = $1,
  "updated_at" = $2,
  "version" = "version" + $3
where
  "id" in ($4, $5)
  and "status" = $6
returning
  "id";

-- markReviewed: an order
update "orders"
set
  "reviewed_at" = $1,
  "version" = "version" + $2
where
  "id" = $3
  and "status" = $4
  and "reviewed_at" is null;

-- touchOrders: two orders
update "orders"
set
  "updated_at" = $1
where
  "id" in ($2, $3);

-- releaseHeld: an order
update "orders"
set
  "held_for_review" = $1,
  "updated_at" = $2,
  "version" = "version" + $3
where
  "id" = $4
  and "held_for_review" = $5;

-- ownOrderByNumber: a waybill
select
  "id"
from
  "orders"
where
  "user_id" = $1
  and (
    "order_no" = $2
    or "tracking_no" = $3
  );
