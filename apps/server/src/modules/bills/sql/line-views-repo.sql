-- The SQL of modules/bills/line-views-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- billLines: a bill (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" = $1
order by
  "line"."row_no",
  "line"."id"
limit
  $2
offset
  $3;

-- billLines: a bill (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" = $1;

-- billLines: by kind and tracking number (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" = $1
  and "line"."kind" = $2
  and "line"."tracking_no" = $3
order by
  "line"."row_no",
  "line"."id"
limit
  $4
offset
  $5;

-- billLines: by kind and tracking number (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" = $1
  and "line"."kind" = $2
  and "line"."tracking_no" = $3;

-- linesOfMerchant: a merchant (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."user_id" = $1
  and "line"."posted_at" is not null
  and (
    "line"."merchant_change" != $2
    or "line"."penalty" > $3
  )
order by
  "line"."posted_at" desc,
  "line"."id" desc,
  "line"."id"
limit
  $4
offset
  $5;

-- linesOfMerchant: a merchant (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."user_id" = $1
  and "line"."posted_at" is not null
  and (
    "line"."merchant_change" != $2
    or "line"."penalty" > $3
  );

-- unexplainedLines: every reason (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  (
    "line"."kind" = $1
    or "line"."kind" = $2
    or (
      "line"."posted_at" is null
      and "line"."kind" in ($3, $4, $5)
    )
    or (
      "line"."kind" = $6
      and "line"."resolution" = $7
    )
    or "line"."dispute" = $8
  )
order by
  "line"."id" desc,
  "line"."id"
limit
  $9
offset
  $10;

-- unexplainedLines: every reason (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  (
    "line"."kind" = $1
    or "line"."kind" = $2
    or (
      "line"."posted_at" is null
      and "line"."kind" in ($3, $4, $5)
    )
    or (
      "line"."kind" = $6
      and "line"."resolution" = $7
    )
    or "line"."dispute" = $8
  );

-- unexplainedLines: one channel, one reason (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" in (
    select
      "id"
    from
      "carrier_bills"
    where
      "channel_id" = $1
  )
  and (
    "line"."posted_at" is null
    and "line"."kind" in ($2, $3, $4)
  )
order by
  "line"."id" desc,
  "line"."id"
limit
  $5
offset
  $6;

-- unexplainedLines: one channel, one reason (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."bill_id" in (
    select
      "id"
    from
      "carrier_bills"
    where
      "channel_id" = $1
  )
  and (
    "line"."posted_at" is null
    and "line"."kind" in ($2, $3, $4)
  );

-- disputedLines: every dispute (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."dispute" != $1
order by
  case
    when "line"."dispute" = $2 then 0
    else 1
  end,
  "line"."disputed_at" desc,
  "line"."id"
limit
  $3
offset
  $4;

-- disputedLines: every dispute (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."dispute" != $1;

-- disputedLines: open ones (1 of 2)
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."dispute" = $1
order by
  case
    when "line"."dispute" = $2 then 0
    else 1
  end,
  "line"."disputed_at" desc,
  "line"."id"
limit
  $3
offset
  $4;

-- disputedLines: open ones (2 of 2)
select
  count(*) as "n"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."dispute" = $1;

-- lineById: by id
select
  "line".*,
  "orders"."order_no",
  "orders"."zone",
  "users"."username",
  "parcels"."weight",
  "parcels"."mass_unit",
  "parcels"."length",
  "parcels"."width",
  "parcels"."height",
  "parcels"."distance_unit"
from
  "carrier_bill_lines" as "line"
  left join "orders" on "orders"."id" = "line"."order_id"
  left join "users" on "users"."id" = "line"."user_id"
  left join "parcels" on "parcels"."order_id" = "line"."order_id"
  and "parcels"."tracking_no" = "line"."tracking_no"
where
  "line"."id" = $1;
