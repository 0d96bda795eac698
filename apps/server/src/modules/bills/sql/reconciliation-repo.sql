-- The SQL of modules/bills/reconciliation-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- labelDays: a week
select
  orders.label_created_at / 86400000 as "day",
  count(*) as "labels",
  sum(coalesce("orders"."cost", 0)) as "cost",
  sum(
    coalesce("orders"."rate", 0) + "orders"."insurance_fee"
  ) as "charged",
  sum(
    case
      when "orders"."billed_at" is null then 1
      else 0
    end
  ) as "not_billed"
from
  "orders"
where
  "orders"."channel_id" = $1
  and "orders"."is_test" = $2
  and "orders"."status" in ($3, $4, $5, $6, $7)
  and "orders"."label_created_at" >= $8
  and "orders"."label_created_at" < $9
group by
  orders.label_created_at / 86400000;

-- postedLineDays: a week
select
  orders.label_created_at / 86400000 as "day",
  sum(
    case
      when "line"."cost_change" > $1 then "line"."cost_change"
      else 0
    end
  ) as "adjustments",
  sum(
    case
      when "line"."cost_change" < $2 then "line"."cost_change"
      else 0
    end
  ) as "credits",
  sum(
    case
      when (
        "line"."dispute" != $3
        and "line"."merchant_change" > $4
      ) then coalesce("line"."merchant_change", 0)
      else 0
    end
  ) as "deducted",
  sum(
    case
      when "line"."dispute" != $5 then coalesce("line"."penalty", 0)
      else 0
    end
  ) as "penalties",
  sum(
    case
      when "line"."dispute" = $6 then coalesce("line"."taken", 0)
      else 0
    end
  ) as "given_back",
  sum(
    case
      when "line"."merchant_change" < $7 then "line"."merchant_change"
      else 0
    end
  ) as "refunded",
  sum(coalesce("line"."owed", 0)) as "owed"
from
  "orders"
  inner join "carrier_bill_lines" as "line" on "line"."order_id" = "orders"."id"
where
  "orders"."channel_id" = $8
  and "orders"."is_test" = $9
  and "orders"."status" in ($10, $11, $12, $13, $14)
  and "orders"."label_created_at" >= $15
  and "orders"."label_created_at" < $16
  and "line"."posted_at" is not null
group by
  orders.label_created_at / 86400000;

-- unexplainedLines: a week
select
  sum(
    case
      when "line"."kind" = $1 then 1
      else 0
    end
  ) as "unmatched_lines",
  sum(
    case
      when "line"."kind" = $2 then "line"."amount"
      else 0
    end
  ) as "unmatched",
  sum(
    case
      when "line"."kind" = $3 then 1
      else 0
    end
  ) as "duplicate_lines",
  sum(
    case
      when "line"."kind" = $4 then "line"."amount"
      else 0
    end
  ) as "duplicates",
  sum(
    case
      when (
        "line"."posted_at" is null
        and "line"."kind" in ($5, $6, $7)
      ) then 1
      else 0
    end
  ) as "unposted_lines",
  sum(
    case
      when (
        "line"."posted_at" is null
        and "line"."kind" in ($8, $9, $10)
      ) then "line"."cost_change"
      else 0
    end
  ) as "unposted",
  sum(
    case
      when "line"."dispute" = $11 then 1
      else 0
    end
  ) as "open_disputes",
  sum(
    case
      when (
        "line"."kind" = $12
        and "line"."resolution" = $13
      ) then 1
      else 0
    end
  ) as "voided_lines",
  sum(
    case
      when (
        "line"."kind" = $14
        and "line"."resolution" = $15
      ) then "line"."cost_change"
      else 0
    end
  ) as "voided",
  sum(
    case
      when (
        "line"."kind" = $16
        and "line"."resolution" = $17
      ) then 1
      else 0
    end
  ) as "claim_lines",
  sum(
    case
      when (
        "line"."kind" = $18
        and "line"."resolution" = $19
      ) then "line"."cost_change"
      else 0
    end
  ) as "claims"
from
  "carrier_bill_lines" as "line"
  inner join "carrier_bills" as "bill" on "bill"."id" = "line"."bill_id"
where
  "bill"."channel_id" = $20
  and "bill"."created_at" >= $21
  and "bill"."created_at" < $22;
