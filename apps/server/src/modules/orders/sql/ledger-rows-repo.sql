-- The SQL of modules/orders/ledger-rows-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- orderLedgerRows: an order (1 of 3)
select
  "id",
  "type",
  "amount",
  "earnest_amount",
  "deposit_amount",
  "reference_type",
  "remark",
  "created_at"
from
  "balance_logs"
where
  "user_id" = $1
  and "reference_type" = $2
  and "reference_id" = $3;

-- orderLedgerRows: an order (2 of 3)
select
  "id",
  "type",
  "amount",
  "earnest_amount",
  "deposit_amount",
  "reference_type",
  "remark",
  "created_at"
from
  "balance_logs"
where
  "user_id" = $1
  and "reference_type" = $2
  and "reference_id" in (
    select
      "bill_id"
    from
      "carrier_bill_lines"
    where
      "order_id" = $3
  )
  and (
    "reference_no" = $4
    or "reference_no" in (
      select
        "tracking_no"
      from
        "carrier_bill_lines"
      where
        "order_id" = $5
    )
  );

-- orderLedgerRows: an order (3 of 3)
select
  "id",
  "type",
  "amount",
  "earnest_amount",
  "deposit_amount",
  "reference_type",
  "remark",
  "created_at"
from
  "balance_logs"
where
  "user_id" = $1
  and "reference_type" = $2
  and "reference_id" in (
    select
      "id"
    from
      "insurance_claims"
    where
      "order_id" = $3
  );
