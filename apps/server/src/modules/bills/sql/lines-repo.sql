-- The SQL of modules/bills/lines-repo.ts, made from test/sql/modules/bills.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- lineRow: by id
select
  *
from
  "carrier_bill_lines"
where
  "id" = $1;

-- claimVoidedLine: charged
update "carrier_bill_lines"
set
  "resolution" = $1,
  "resolution_note" = $2,
  "resolved_by" = $3,
  "resolved_at" = $4,
  "posted_key" = $5,
  "posted_at" = coalesce("posted_at", $6)
where
  "id" = $7
  and "kind" = $8
  and "resolution" = $9;

-- setLineMoney: a line
update "carrier_bill_lines"
set
  "merchant_change" = $1,
  "penalty" = $2,
  "taken" = $3,
  "owed" = $4
where
  "id" = $5;

-- claimDispute: a line
update "carrier_bill_lines"
set
  "dispute" = $1,
  "dispute_reason" = $2,
  "disputed_at" = $3
where
  "id" = $4
  and "dispute" = $5;

-- setLineWorkOrder: a line
update "carrier_bill_lines"
set
  "work_order_id" = $1
where
  "id" = $2;

-- settleOpenDispute: accepted
update "carrier_bill_lines"
set
  "dispute" = $1,
  "dispute_answer" = $2,
  "settled_by" = $3,
  "settled_at" = $4,
  "owed" = $5
where
  "id" = $6
  and "dispute" = $7
returning
  "taken";

-- owingLines: a merchant
select
  "id",
  "bill_id",
  "owed",
  "tracking_no"
from
  "carrier_bill_lines"
where
  "user_id" = $1
  and "owed" > $2
order by
  "id";

-- takeOwed: part of a line
update "carrier_bill_lines"
set
  "owed" = "owed" - $1,
  "taken" = coalesce("taken", 0) + $2
where
  "id" = $3
  and "owed" >= $4;
