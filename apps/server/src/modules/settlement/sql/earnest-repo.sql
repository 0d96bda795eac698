-- The SQL of modules/settlement/earnest-repo.ts, made from test/sql/modules/settlement.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- releasableEarnestOf: any account
select
  "id",
  "earnest"
from
  "orders"
where
  "user_id" = $1
  and "earnest" > $2
  and "earnest_released_at" is null
  and "status" in ($3, $4, $5, $6);

-- releasableEarnestOf: owned accounts
select
  "id",
  "earnest"
from
  "orders"
where
  "user_id" = $1
  and "earnest" > $2
  and "earnest_released_at" is null
  and "status" in ($3, $4, $5, $6)
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $7
  );

-- listUnreleasedEarnest: any account (1 of 2)
select
  "id",
  "order_no",
  "tracking_no",
  "batch_no",
  "status",
  "user_id",
  "channel_id",
  "service_id",
  "service_name",
  "carrier_code",
  "service_code",
  "rate",
  "insurance_fee",
  "insurance_cents",
  "earnest",
  "zone",
  "to_address",
  "from_address",
  "reference1",
  "reference2",
  "remark",
  "audit_info",
  "fail_reason",
  "is_test",
  "label_size",
  "created_at",
  "label_created_at",
  "ship_date",
  "billed_cost",
  "billed_at",
  "earnest_released_at",
  "refunded_at",
  "carrier_refund",
  "carrier_refund_note",
  "address_status",
  "address_note",
  "kind",
  "held_for_review"
from
  "orders"
where
  "earnest" > $1
  and "earnest_released_at" is null
  and "status" != $2
order by
  "id" desc
limit
  $3
offset
  $4;

-- listUnreleasedEarnest: any account (2 of 2)
select
  count(*) as "total"
from
  "orders"
where
  "earnest" > $1
  and "earnest_released_at" is null
  and "status" != $2;

-- listUnreleasedEarnest: own (1 of 2)
select
  "id",
  "order_no",
  "tracking_no",
  "batch_no",
  "status",
  "user_id",
  "channel_id",
  "service_id",
  "service_name",
  "carrier_code",
  "service_code",
  "rate",
  "insurance_fee",
  "insurance_cents",
  "earnest",
  "zone",
  "to_address",
  "from_address",
  "reference1",
  "reference2",
  "remark",
  "audit_info",
  "fail_reason",
  "is_test",
  "label_size",
  "created_at",
  "label_created_at",
  "ship_date",
  "billed_cost",
  "billed_at",
  "earnest_released_at",
  "refunded_at",
  "carrier_refund",
  "carrier_refund_note",
  "address_status",
  "address_note",
  "kind",
  "held_for_review"
from
  "orders"
where
  "earnest" > $1
  and "earnest_released_at" is null
  and "status" != $2
  and "orders"."user_id" = $3
order by
  "id" desc
limit
  $4
offset
  $5;

-- listUnreleasedEarnest: own (2 of 2)
select
  count(*) as "total"
from
  "orders"
where
  "earnest" > $1
  and "earnest_released_at" is null
  and "status" != $2
  and "orders"."user_id" = $3;
