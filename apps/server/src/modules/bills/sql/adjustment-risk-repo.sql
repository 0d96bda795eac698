-- The SQL of modules/bills/adjustment-risk-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- recentPaidLabels: a merchant
select
  "orders"."id",
  "orders"."extra",
  "orders"."items",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "orders"
  left join "parcels" on "parcels"."order_id" = "orders"."id"
  and "parcels"."seq" = $1
where
  "orders"."user_id" = $2
  and "orders"."status" in ($3, $4, $5, $6, $7)
order by
  "orders"."id" desc
limit
  $8;

-- chargedCorrections: a merchant
select
  "order_id",
  "merchant_change",
  "penalty",
  "billed_oz",
  "billed_size",
  "posted_at",
  "id"
from
  "carrier_bill_lines"
where
  "user_id" = $1
  and "cause" = $2
  and "posted_at" is not null
  and "cost_change" > $3
  and "dispute" != $4
  and "order_id" in (
    select
      "id"
    from
      "orders"
    where
      "user_id" = $5
      and "status" in ($6, $7, $8, $9, $10)
  )
order by
  "posted_at",
  "id";

-- ordersInScope: any account
select
  "id",
  "user_id"
from
  "orders"
where
  "orders"."id" in ($1, $2);

-- ordersInScope: own
select
  "id",
  "user_id"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."id" in ($2, $3);

-- ordersInScope: owned accounts
select
  "id",
  "user_id"
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
  )
  and "orders"."id" in ($2, $3);
