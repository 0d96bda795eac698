-- The SQL of modules/admin-users/repo.ts, made from test/sql/modules/admin-users.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- holdsMoney: a merchant
select
  "id"
from
  "wallets"
where
  "user_id" = $1
  and (
    "balance" != $2
    or "earnest_balance" != $3
    or "deposit_balance" != $4
    or "refund_amount" != $5
  );

-- hasLabelInFlight: a merchant
select
  "id"
from
  "orders"
where
  "user_id" = $1
  and "status" in ($2, $3);
