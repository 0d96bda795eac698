-- The SQL of modules/bills/match-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- postedTotalLines: changes only
select
  "line"."order_id",
  "line"."tracking_no",
  "line"."reference",
  "line"."bill_id",
  "line"."row_no",
  "line"."adjusts",
  "line"."cost_change",
  "bill"."preset"
from
  "carrier_bill_lines" as "line"
  inner join "carrier_bills" as "bill" on "bill"."id" = "line"."bill_id"
where
  "line"."order_id" in ($1, $2)
  and "bill"."amount_kind" = $3
  and "line"."posted_at" is not null
  and (
    "line"."adjusts" = $4
    and (
      "line"."kind" in ($5, $6, $7)
      or (
        "line"."kind" = $8
        and "line"."resolution" = $9
      )
    )
  )
order by
  "line"."id";

-- postedTotalLines: with whole charges of a preset
select
  "line"."order_id",
  "line"."tracking_no",
  "line"."reference",
  "line"."bill_id",
  "line"."row_no",
  "line"."adjusts",
  "line"."cost_change",
  "bill"."preset"
from
  "carrier_bill_lines" as "line"
  inner join "carrier_bills" as "bill" on "bill"."id" = "line"."bill_id"
where
  "line"."order_id" in ($1, $2)
  and "bill"."amount_kind" = $3
  and "line"."posted_at" is not null
  and (
    (
      "line"."adjusts" = $4
      and (
        "line"."kind" in ($5, $6, $7)
        or (
          "line"."kind" = $8
          and "line"."resolution" = $9
        )
      )
    )
    or (
      "line"."adjusts" = $10
      and "bill"."preset" = $11
    )
  )
order by
  "line"."id";

-- parcelsByTracking: two numbers
select
  "tracking_no",
  "weight",
  "mass_unit",
  "order_id"
from
  "parcels"
where
  "tracking_no" in ($1, $2);

-- billableOrders: two orders
select
  "id",
  "user_id",
  "cost",
  "billed_cost",
  "status"
from
  "orders"
where
  "id" in ($1, $2)
  and "channel_id" = $3
  and "status" in ($4, $5, $6, $7, $8, $9);

-- payOnUseReturns: two orders
select
  "order_id"
from
  "returns"
where
  "order_id" in ($1, $2)
  and "pay_on_use" = $3;

-- linesPostedAs: two keys
select
  "posted_key",
  "bill_id",
  "row_no"
from
  "carrier_bill_lines"
where
  "posted_key" in ($1, $2);
