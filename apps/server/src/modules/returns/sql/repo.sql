-- The SQL of modules/returns/repo.ts, made from test/sql/modules/returns.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertReturn: a return of an order
insert into
  "returns" (
    "order_id",
    "user_id",
    "outbound_id",
    "link_hash",
    "link_sealed",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6);

-- returnOf: an order
select
  *
from
  "returns"
where
  "order_id" = $1;

-- returnByLinkHash: a link
select
  *
from
  "returns"
where
  "link_hash" = $1;

-- returnsOfOutbound: an order
select
  "returns".*,
  "orders"."order_no",
  "orders"."status",
  "orders"."rate",
  "orders"."insurance_fee",
  "orders"."tracking_no"
from
  "returns"
  inner join "orders" on "orders"."id" = "returns"."order_id"
where
  "returns"."outbound_id" = $1
order by
  "returns"."order_id";

-- setPayment: pay on use, before purchase
update "returns"
set
  "pay_on_use" = $1,
  "valid_until" = $2
where
  "order_id" = $3
  and "used_at" is null
  and exists (
    select
      "orders"."id"
    from
      "orders"
    where
      "orders"."id" = $4
      and "orders"."status" in ($5, $6)
  );

-- setPayment: paid, after purchase
update "returns"
set
  "pay_on_use" = $1,
  "valid_until" = $2
where
  "order_id" = $3
  and "used_at" is null;

-- setDeferredCommission: a proxy's
update "returns"
set
  "proxy_id" = $1,
  "commission" = $2
where
  "order_id" = $3
  and "used_at" is null;

-- setDeferredCommission: none
update "returns"
set
  "proxy_id" = $1,
  "commission" = $2
where
  "order_id" = $3
  and "used_at" is null;

-- markUsed: a return
update "returns"
set
  "used_at" = $1
where
  "order_id" = $2
  and "used_at" is null
  and "lapsed_at" is null
returning
  *;

-- lapsedReturns: a sweep
select
  "order_id"
from
  "returns"
where
  "used_at" is null
  and "lapsed_at" is null
  and "pay_on_use" = $1
  and "valid_until" < $2
order by
  "valid_until"
limit
  $3;

-- markLapsed: a return
update "returns"
set
  "lapsed_at" = $1
where
  "order_id" = $2
  and "used_at" is null
  and "lapsed_at" is null;

-- setQrFile: a return
update "returns"
set
  "qr_file" = $1
where
  "order_id" = $2
  and "qr_file" is null;
