-- The SQL of modules/orders/placing-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- moveToPlacing: two orders
update "orders"
set
  "channel_id" = $1,
  "service_id" = $2,
  "carrier_code" = $3,
  "service_code" = $4,
  "service_name" = $5,
  "rate" = case
    when "id" = $6 then cast($7 as bigint)
    when "id" = $8 then cast($9 as bigint)
  end,
  "cost" = case
    when "id" = $10 then cast($11 as bigint)
    when "id" = $12 then cast($13 as bigint)
  end,
  "insurance_fee" = $14,
  "earnest" = $15,
  "zone" = $16,
  "billable_oz" = $17,
  "estimate" = $18,
  "fail_reason" = $19,
  "refunded_at" = $20,
  "earnest_released_at" = $21,
  "proxy_id" = $22,
  "commission" = $23,
  "status" = $24,
  "placing_until" = $25,
  "unconfirmed_since" = $26,
  "updated_at" = $27,
  "version" = "version" + $28
where
  (
    (
      "id" = $29
      and "version" = $30
    )
    or (
      "id" = $31
      and "version" = $32
    )
  )
  and "status" in ($33, $34)
returning
  "id";

-- completePlacing: two orders, both still placing (1 of 2)
update "orders"
set
  "tracking_no" = case
    when "id" = $1 then cast($2 as text)
    when "id" = $3 then cast($4 as text)
  end,
  "upstream_id" = case
    when "id" = $5 then cast($6 as text)
    when "id" = $7 then cast($8 as text)
  end,
  "status" = $9,
  "placing_until" = $10,
  "label_created_at" = $11,
  "updated_at" = $12,
  "version" = "version" + $13
where
  "id" in ($14, $15)
  and "status" = $16
returning
  "id";

-- completePlacing: two orders, both still placing (2 of 2)
update "parcels"
set
  "tracking_no" = case
    when "id" = $1 then cast($2 as text)
    when "id" = $3 then cast($4 as text)
  end,
  "barcode" = $5,
  "label_file" = case
    when "id" = $6 then cast($7 as text)
    when "id" = $8 then cast($9 as text)
  end,
  "label_format" = $10
where
  "id" in ($11, $12);

-- renewPlacing: an order
update "orders"
set
  "placing_until" = $1,
  "version" = "version" + $2
where
  "id" = $3
  and "status" = $4;

-- takeOverPlacing: an order
update "orders"
set
  "placing_until" = $1
where
  "id" = $2
  and "status" = $3
  and (
    "placing_until" is null
    or "placing_until" < $4
  );

-- rememberUpstreamId: an order
update "orders"
set
  "upstream_id" = $1
where
  "id" = $2
  and "status" = $3;

-- failFromPlacing: a purchase that failed
update "orders"
set
  "status" = $1,
  "fail_reason" = $2,
  "placing_until" = $3,
  "updated_at" = $4,
  "version" = "version" + $5
where
  "id" = $6
  and "status" = $7
returning
  *;

-- failFromPlacing: a lapsed claim
update "orders"
set
  "status" = $1,
  "fail_reason" = $2,
  "placing_until" = $3,
  "updated_at" = $4,
  "version" = "version" + $5
where
  "id" = $6
  and "status" = $7
  and (
    "placing_until" is null
    or "placing_until" < $8
  )
returning
  *;

-- lapsedPurchases: a sweep
select
  "id"
from
  "orders"
where
  "status" = $1
  and (
    "placing_until" is null
    or "placing_until" < $2
  )
  and "unconfirmed_since" is null
order by
  "id"
limit
  $3;

-- markUnconfirmed: an order
update "orders"
set
  "unconfirmed_since" = $1,
  "placing_until" = $2
where
  "id" = $3
  and "status" = $4
  and "unconfirmed_since" is null;

-- unconfirmedPurchases: any account
select
  "orders"."id",
  "orders"."order_no",
  "orders"."unconfirmed_since",
  "orders"."service_name",
  "orders"."rate",
  "orders"."is_test",
  "users"."username",
  "channels"."name" as "channel_name",
  (
    select
      count(*) as "n"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
  ) as "parcel_count"
from
  "orders"
  inner join "users" on "users"."id" = "orders"."user_id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."status" = $1
  and "orders"."unconfirmed_since" is not null
order by
  "orders"."unconfirmed_since",
  "orders"."id";

-- unconfirmedPurchases: owned accounts
select
  "orders"."id",
  "orders"."order_no",
  "orders"."unconfirmed_since",
  "orders"."service_name",
  "orders"."rate",
  "orders"."is_test",
  "users"."username",
  "channels"."name" as "channel_name",
  (
    select
      count(*) as "n"
    from
      "parcels"
    where
      "parcels"."order_id" = "orders"."id"
  ) as "parcel_count"
from
  "orders"
  inner join "users" on "users"."id" = "orders"."user_id"
  left join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."status" = $1
  and "orders"."unconfirmed_since" is not null
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  )
order by
  "orders"."unconfirmed_since",
  "orders"."id";

-- releasePlacing: an order
update "orders"
set
  "placing_until" = $1
where
  "id" = $2
  and "status" = $3;
