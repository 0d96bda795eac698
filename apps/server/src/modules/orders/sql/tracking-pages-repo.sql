-- The SQL of modules/orders/tracking-pages-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- createTrackingPages: two orders
insert into
  "tracking_pages" ("order_id", "public_id", "created_at")
values
  ($1, $2, $3),
  ($4, $5, $6)
on conflict ("order_id") do nothing;

-- orderIdOfPage: a page
select
  "order_id"
from
  "tracking_pages"
where
  "public_id" = $1;

-- ownPages: two orders
select
  "tracking_pages"."order_id" as "orderId",
  "tracking_pages"."public_id" as "publicId"
from
  "tracking_pages"
  inner join "orders" on "orders"."id" = "tracking_pages"."order_id"
where
  "orders"."user_id" = $1
  and "tracking_pages"."order_id" in ($2, $3);

-- publicIdOf: an order
select
  "public_id"
from
  "tracking_pages"
where
  "order_id" = $1;

-- parcelStatesOf: an order
select
  "tracking_status"
from
  "parcels"
where
  "order_id" = $1;
