-- The SQL of modules/bills/bill-views-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- billView: by id (1 of 2)
select
  "carrier_bills".*,
  "channels"."name" as "channel_name",
  "creator"."username" as "creator",
  "poster"."username" as "poster"
from
  "carrier_bills"
  inner join "channels" on "channels"."id" = "carrier_bills"."channel_id"
  inner join "users" as "creator" on "creator"."id" = "carrier_bills"."created_by"
  left join "users" as "poster" on "poster"."id" = "carrier_bills"."posted_by"
where
  "carrier_bills"."id" in ($1);

-- billView: by id (2 of 2)
select
  "bill_id",
  "kind",
  count(*) as "lines",
  sum("cost_change") as "cost_change",
  sum(
    case
      when "merchant_change" > $1 then "merchant_change"
      else 0
    end
  ) as "charged",
  sum(
    case
      when "merchant_change" < $2 then "merchant_change"
      else 0
    end
  ) as "refunded",
  sum("penalty") as "penalty",
  sum("owed") as "owed"
from
  "carrier_bill_lines"
where
  "bill_id" in ($3)
group by
  "bill_id",
  "kind";

-- billViews: two bills (1 of 2)
select
  "carrier_bills".*,
  "channels"."name" as "channel_name",
  "creator"."username" as "creator",
  "poster"."username" as "poster"
from
  "carrier_bills"
  inner join "channels" on "channels"."id" = "carrier_bills"."channel_id"
  inner join "users" as "creator" on "creator"."id" = "carrier_bills"."created_by"
  left join "users" as "poster" on "poster"."id" = "carrier_bills"."posted_by"
where
  "carrier_bills"."id" in ($1, $2);

-- billViews: two bills (2 of 2)
select
  "bill_id",
  "kind",
  count(*) as "lines",
  sum("cost_change") as "cost_change",
  sum(
    case
      when "merchant_change" > $1 then "merchant_change"
      else 0
    end
  ) as "charged",
  sum(
    case
      when "merchant_change" < $2 then "merchant_change"
      else 0
    end
  ) as "refunded",
  sum("penalty") as "penalty",
  sum("owed") as "owed"
from
  "carrier_bill_lines"
where
  "bill_id" in ($3, $4)
group by
  "bill_id",
  "kind";

-- billIds: every channel (1 of 2)
select
  "id"
from
  "carrier_bills"
order by
  "id" desc
limit
  $1
offset
  $2;

-- billIds: every channel (2 of 2)
select
  count(*) as "n"
from
  "carrier_bills";

-- billIds: one channel (1 of 2)
select
  "id"
from
  "carrier_bills"
where
  "channel_id" = $1
order by
  "id" desc
limit
  $2
offset
  $3;

-- billIds: one channel (2 of 2)
select
  count(*) as "n"
from
  "carrier_bills"
where
  "channel_id" = $1;
