-- The SQL of modules/rules/repo.ts, made from test/sql/modules/rules.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- rulesOf: a merchant
select
  *
from
  "order_rules"
where
  "user_id" = $1
order by
  "position",
  "id";

-- activeRulesOf: a merchant
select
  *
from
  "order_rules"
where
  "user_id" = $1
  and "active" = $2
order by
  "position",
  "id";

-- insertRule: a rule (1 of 2)
select
  max("position") as "position"
from
  "order_rules"
where
  "user_id" = $1;

-- insertRule: a rule (2 of 2)
insert into
  "order_rules" (
    "name",
    "match_mode",
    "conditions",
    "actions",
    "user_id",
    "position",
    "active",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  *;

-- updateRule: the rule
update "order_rules"
set
  "name" = $1,
  "match_mode" = $2,
  "conditions" = $3,
  "actions" = $4,
  "updated_at" = $5
where
  "id" = $6
  and "user_id" = $7
returning
  *;

-- updateRule: switched on
update "order_rules"
set
  "active" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "user_id" = $4
returning
  *;

-- setPositions: two rules (1 of 2)
update "order_rules"
set
  "position" = $1
where
  "id" = $2
  and "user_id" = $3;

-- setPositions: two rules (2 of 2)
update "order_rules"
set
  "position" = $1
where
  "id" = $2
  and "user_id" = $3;

-- deleteRules: two rules
delete from "order_rules"
where
  "user_id" = $1
  and "id" in ($2, $3);

-- lastLabelOrders: a merchant
select
  *
from
  "orders"
where
  "user_id" = $1
  and "kind" = $2
order by
  "id" desc
limit
  $3;

-- lastLabelOrders: a merchant's test key
select
  *
from
  "orders"
where
  "user_id" = $1
  and "kind" = $2
  and "is_test" = $3
order by
  "id" desc
limit
  $4;

-- storesOfOrders: two orders
select
  "order_id",
  "store_id"
from
  "store_orders"
where
  "order_id" in ($1, $2);

-- ownStores: two stores
select
  "id"
from
  "stores"
where
  "user_id" = $1
  and "id" in ($2, $3);

-- tagsOfMerchant: a merchant
select
  "id",
  "name"
from
  "tags"
where
  "user_id" = $1;
