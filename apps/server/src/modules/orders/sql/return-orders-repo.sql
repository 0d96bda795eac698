-- The SQL of modules/orders/return-orders-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- markOrderReturn: an order
update "orders"
set
  "kind" = $1
where
  "id" = $2;

-- setChargedQuote: a charge
update "orders"
set
  "rate" = $1,
  "cost" = $2,
  "insurance_fee" = $3,
  "proxy_id" = $4,
  "commission" = $5,
  "updated_at" = $6,
  "version" = "version" + $7
where
  "id" = $8;
