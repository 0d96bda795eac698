-- The SQL of modules/config/checklists-repo.ts, made from test/sql/modules/config.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- firstRealChannel: any
select
  "id"
from
  "channels"
where
  "is_demo" = $1
  and "status" = $2
limit
  $3;

-- defaultSenderOf: a merchant
select
  "id"
from
  "address_book"
where
  "user_id" = $1
  and "is_default_sender" = $2
limit
  $3;

-- firstCredit: a merchant
select
  "id"
from
  "balance_logs"
where
  "user_id" = $1
  and "type" in ($2, $3)
  and "amount" > $4
limit
  $5;

-- firstLabelledOrder: a merchant
select
  "id"
from
  "orders"
where
  "user_id" = $1
  and "label_created_at" is not null
limit
  $2;
