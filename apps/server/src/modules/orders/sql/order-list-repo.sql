-- The SQL of modules/orders/order-list-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- filteredOrders: no filter, a session
select
  "orders"."id"
from
  "orders"
where
  "orders"."is_test" = $1;

-- filteredOrders: every filter, owned accounts
select
  "orders"."id"
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
  and "orders"."user_id" = $2
  and "orders"."user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      (
        lower("users"."username") like $3
        or lower("users"."name") like $4
        or lower("users"."company") like $5
      )
  )
  and "orders"."status" = $6
  and "orders"."is_test" = $7
  and "orders"."status" = $8
  and "orders"."reviewed_at" is null
  and (
    "orders"."rate" >= $9
    or "orders"."insurance_cents" >= $10
  )
  and "orders"."id" in (
    select
      "order_tags"."order_id"
    from
      "order_tags"
    where
      "order_tags"."tag_id" = $11
  )
  and "orders"."channel_id" = $12
  and "orders"."batch_no" = $13
  and "orders"."kind" = $14
  and "orders"."created_at" >= $15
  and "orders"."created_at" < $16
  and (
    "orders"."order_no" = $17
    or "orders"."tracking_no" = $18
    or "orders"."reference1" = $19
    or "orders"."to_name" like $20
  );

-- filteredOrders: explicit ids as given, a test key
select
  "orders"."id"
from
  "orders"
where
  "orders"."is_test" = $1
  and "orders"."user_id" = $2;

-- cappedCount: own
select
  count(*) as "total"
from
  (
    select
      "orders"."id"
    from
      "orders"
    where
      "orders"."user_id" = $1
      and "orders"."is_test" = $2
    limit
      $3
  ) as "capped";

-- orderPage: by page
select
  "orders"."id",
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."batch_no",
  "orders"."status",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."service_id",
  "orders"."service_name",
  "orders"."carrier_code",
  "orders"."service_code",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."insurance_cents",
  "orders"."earnest",
  "orders"."zone",
  "orders"."to_address",
  "orders"."from_address",
  "orders"."reference1",
  "orders"."reference2",
  "orders"."remark",
  "orders"."audit_info",
  "orders"."fail_reason",
  "orders"."is_test",
  "orders"."label_size",
  "orders"."created_at",
  "orders"."label_created_at",
  "orders"."ship_date",
  "orders"."billed_cost",
  "orders"."billed_at",
  "orders"."earnest_released_at",
  "orders"."refunded_at",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."address_status",
  "orders"."address_note",
  "orders"."kind",
  "orders"."held_for_review"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."is_test" = $2
order by
  "orders"."id" desc
limit
  $3
offset
  $4;

-- orderPage: after an order, oldest first
select
  "orders"."id",
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."batch_no",
  "orders"."status",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."service_id",
  "orders"."service_name",
  "orders"."carrier_code",
  "orders"."service_code",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."insurance_cents",
  "orders"."earnest",
  "orders"."zone",
  "orders"."to_address",
  "orders"."from_address",
  "orders"."reference1",
  "orders"."reference2",
  "orders"."remark",
  "orders"."audit_info",
  "orders"."fail_reason",
  "orders"."is_test",
  "orders"."label_size",
  "orders"."created_at",
  "orders"."label_created_at",
  "orders"."ship_date",
  "orders"."billed_cost",
  "orders"."billed_at",
  "orders"."earnest_released_at",
  "orders"."refunded_at",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."address_status",
  "orders"."address_note",
  "orders"."kind",
  "orders"."held_for_review"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."is_test" = $2
  and "orders"."id" > $3
order by
  "orders"."id" asc
limit
  $4;

-- orderPage: between dates, after an order
select
  "orders"."id",
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."batch_no",
  "orders"."status",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."service_id",
  "orders"."service_name",
  "orders"."carrier_code",
  "orders"."service_code",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."insurance_cents",
  "orders"."earnest",
  "orders"."zone",
  "orders"."to_address",
  "orders"."from_address",
  "orders"."reference1",
  "orders"."reference2",
  "orders"."remark",
  "orders"."audit_info",
  "orders"."fail_reason",
  "orders"."is_test",
  "orders"."label_size",
  "orders"."created_at",
  "orders"."label_created_at",
  "orders"."ship_date",
  "orders"."billed_cost",
  "orders"."billed_at",
  "orders"."earnest_released_at",
  "orders"."refunded_at",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."address_status",
  "orders"."address_note",
  "orders"."kind",
  "orders"."held_for_review"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."is_test" = $2
  and "orders"."created_at" >= $3
  and "orders"."created_at" < $4
  and (orders.created_at, orders.id) < (
    select
      a.created_at,
      a.id
    from
      orders a
    where
      a.id = $5
  )
order by
  "orders"."created_at" desc,
  "orders"."id" desc
limit
  $6;

-- listOrders: a page and its total (1 of 2)
select
  "orders"."id",
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."batch_no",
  "orders"."status",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."service_id",
  "orders"."service_name",
  "orders"."carrier_code",
  "orders"."service_code",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."insurance_cents",
  "orders"."earnest",
  "orders"."zone",
  "orders"."to_address",
  "orders"."from_address",
  "orders"."reference1",
  "orders"."reference2",
  "orders"."remark",
  "orders"."audit_info",
  "orders"."fail_reason",
  "orders"."is_test",
  "orders"."label_size",
  "orders"."created_at",
  "orders"."label_created_at",
  "orders"."ship_date",
  "orders"."billed_cost",
  "orders"."billed_at",
  "orders"."earnest_released_at",
  "orders"."refunded_at",
  "orders"."carrier_refund",
  "orders"."carrier_refund_note",
  "orders"."address_status",
  "orders"."address_note",
  "orders"."kind",
  "orders"."held_for_review"
from
  "orders"
where
  "orders"."user_id" = $1
  and "orders"."is_test" = $2
order by
  "orders"."id" desc
limit
  $3
offset
  $4;

-- listOrders: a page and its total (2 of 2)
select
  count(*) as "total"
from
  (
    select
      "orders"."id"
    from
      "orders"
    where
      "orders"."user_id" = $1
      and "orders"."is_test" = $2
    limit
      $3
  ) as "capped";
