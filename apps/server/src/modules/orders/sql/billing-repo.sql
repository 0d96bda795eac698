-- The SQL of modules/orders/billing-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- claimBilling: an order
update "orders"
set
  "billed_cost" = $1,
  "billed_oz" = $2,
  "billed_at" = $3,
  "updated_at" = $4,
  "version" = "version" + $5
where
  "id" = $6
  and "billed_at" is null;

-- moveBilledCost: never billed, a paid label
update "orders"
set
  "billed_cost" = $1,
  "billed_oz" = $2,
  "billed_at" = $3,
  "updated_at" = $4,
  "version" = "version" + $5
where
  "id" = $6
  and "status" in ($7, $8, $9, $10, $11)
  and "billed_cost" is null;

-- moveBilledCost: billed before, a voided label charged
update "orders"
set
  "billed_cost" = $1,
  "billed_oz" = $2,
  "billed_at" = $3,
  "updated_at" = $4,
  "version" = "version" + $5
where
  "id" = $6
  and "status" in ($7)
  and "billed_cost" = $8;

-- settleBilledCosts: two orders
update "orders"
set
  "billed_cost" = coalesce("billed_cost", "cost"),
  "billed_at" = $1,
  "updated_at" = $2,
  "version" = "version" + $3
where
  "id" in ($4, $5)
  and "billed_at" is null
  and "status" in ($6, $7, $8, $9, $10);

-- ordersByIds: two orders
select
  "id",
  "order_no",
  "user_id",
  "proxy_id",
  "channel_id",
  "service_id",
  "status",
  "cost",
  "billed_cost",
  "billed_oz",
  "billed_at",
  "commission",
  "earnest",
  "earnest_released_at",
  "refunded_at",
  "is_test",
  "tracking_no"
from
  "orders"
where
  "id" in ($1, $2);

-- setCommission: an order
update "orders"
set
  "commission" = $1
where
  "id" = $2;

-- moveBilledCosts: a first bill and a later one
update "orders"
set
  "billed_cost" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end,
  "billed_oz" = $5,
  "billed_at" = $6,
  "updated_at" = $7,
  "version" = "version" + $8
where
  "id" in ($9, $10)
  and "status" in ($11, $12, $13, $14, $15)
  and (
    (
      "id" in ($16)
      and "billed_cost" is null
    )
    or (
      "id" in ($17)
      and "billed_cost" = $18
    )
  );

-- moveBilledCosts: two later bills, each from its own charge
update "orders"
set
  "billed_cost" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end,
  "billed_oz" = $5,
  "billed_at" = $6,
  "updated_at" = $7,
  "version" = "version" + $8
where
  "id" in ($9, $10)
  and "status" in ($11, $12, $13, $14, $15)
  and (
    "id" in ($16, $17)
    and "billed_cost" = case
      when "id" = $18 then cast($19 as bigint)
      when "id" = $20 then cast($21 as bigint)
    end
  );
