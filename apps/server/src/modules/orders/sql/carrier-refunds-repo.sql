-- The SQL of modules/orders/carrier-refunds-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- recordCarrierRefund: a new answer
update "orders"
set
  "carrier_refund" = $1,
  "carrier_refund_note" = $2,
  "carrier_refund_checked_at" = $3
where
  "id" = $4
  and "carrier_refund" != $5;

-- recordCarrierRefund: the same answer again (1 of 2)
update "orders"
set
  "carrier_refund" = $1,
  "carrier_refund_note" = $2,
  "carrier_refund_checked_at" = $3
where
  "id" = $4
  and "carrier_refund" != $5;

-- recordCarrierRefund: the same answer again (2 of 2)
update "orders"
set
  "carrier_refund_note" = $1,
  "carrier_refund_checked_at" = $2
where
  "id" = $3;

-- carrierRefundsToFollow: a sweep
select
  "id"
from
  "orders"
where
  "carrier_refund" in ($1, $2)
  and "status" in ($3, $4)
  and (
    "carrier_refund_checked_at" is null
    or "carrier_refund_checked_at" < $5
  )
order by
  coalesce("carrier_refund_checked_at", 0)
limit
  $6;
