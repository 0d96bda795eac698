-- The SQL of modules/bills/post-writes-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- markDuplicate: a line (1 of 2)
select
  "bill_id",
  "row_no"
from
  "carrier_bill_lines"
where
  "posted_key" = $1;

-- markDuplicate: a line (2 of 2)
update "carrier_bill_lines"
set
  "kind" = $1,
  "duplicate_of" = $2
where
  "id" = $3;

-- claimUnpostedLines: two lines
update "carrier_bill_lines"
set
  "posted_key" = "line_key",
  "posted_at" = $1
where
  "id" in ($2, $3)
  and "posted_at" is null;

-- markLinesVoided: two lines
update "carrier_bill_lines"
set
  "kind" = $1
where
  "id" in ($2, $3);

-- setPostedMoney: two lines
update "carrier_bill_lines"
set
  "cost_change" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end,
  "merchant_change" = case
    when "id" = $5 then cast($6 as bigint)
    when "id" = $7 then cast($8 as bigint)
  end,
  "penalty" = $9,
  "taken" = case
    when "id" = $10 then cast($11 as bigint)
    when "id" = $12 then cast($13 as bigint)
  end,
  "owed" = $14
where
  "id" in ($15, $16);

-- postedAtOf: a line
select
  "posted_at"
from
  "carrier_bill_lines"
where
  "id" = $1;
