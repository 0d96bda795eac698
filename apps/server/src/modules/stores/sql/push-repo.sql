-- The SQL of modules/stores/push-repo.ts, made from test/sql/modules/stores.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- dueStoreOrders: to fulfil, every store
select
  "store_orders"."id",
  "store_orders"."fulfilment",
  "store_orders"."store_id" as "storeId",
  "store_orders"."external_id" as "externalId",
  "store_orders"."fulfilment_id" as "fulfilmentId",
  "orders"."id" as "orderId",
  "orders"."tracking_no" as "trackingNo",
  "orders"."carrier_code" as "carrierCode"
from
  "store_orders"
  inner join "orders" on "orders"."id" = "store_orders"."order_id"
  inner join "stores" on "stores"."id" = "store_orders"."store_id"
where
  "stores"."status" = $1
  and "store_orders"."fulfilment" in ($2, $3)
  and "store_orders"."claimed_until" < $4
  and "orders"."status" in ($5, $6, $7, $8)
  and "orders"."tracking_no" is not null
order by
  "store_orders"."id"
limit
  $9;

-- dueStoreOrders: to cancel, one store
select
  "store_orders"."id",
  "store_orders"."fulfilment",
  "store_orders"."store_id" as "storeId",
  "store_orders"."external_id" as "externalId",
  "store_orders"."fulfilment_id" as "fulfilmentId",
  "orders"."id" as "orderId",
  "orders"."tracking_no" as "trackingNo",
  "orders"."carrier_code" as "carrierCode"
from
  "store_orders"
  inner join "orders" on "orders"."id" = "store_orders"."order_id"
  inner join "stores" on "stores"."id" = "store_orders"."store_id"
where
  "stores"."status" = $1
  and "store_orders"."fulfilment" in ($2)
  and "store_orders"."claimed_until" < $3
  and "orders"."status" = $4
  and "store_orders"."store_id" = $5
order by
  "store_orders"."id"
limit
  $6;

-- claimStoreOrder: an order
update "store_orders"
set
  "claimed_until" = $1
where
  "id" = $2
  and "fulfilment" in ($3)
  and "claimed_until" < $4;

-- markAlreadyFulfilled: an order
update "store_orders"
set
  "fulfilment" = $1,
  "claimed_until" = $2,
  "error" = coalesce(error, $3),
  "synced_at" = $4
where
  "id" = $5;
