-- The SQL of modules/orders/settlement-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- claimRefund: an order
update "orders"
set
  "refunded_at" = $1,
  "version" = "version" + $2
where
  "id" = $3
  and "refunded_at" is null;

-- claimEarnestRelease: an order
update "orders"
set
  "earnest_released_at" = $1,
  "version" = "version" + $2
where
  "id" = $3
  and "earnest_released_at" is null;
