-- The SQL of modules/pricing/repo.ts, made from test/sql/modules/pricing.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- priceRules: every rule
select
  *
from
  "price_rules"
order by
  "id";

-- priceRules: one rule
select
  *
from
  "price_rules"
where
  "id" = $1
order by
  "id";

-- ruleUsersInScope: any account
select
  "user_price_rules"."rule_id",
  "users"."id",
  "users"."username"
from
  "user_price_rules"
  inner join "users" on "users"."id" = "user_price_rules"."user_id";

-- ruleUsersInScope: owned accounts
select
  "user_price_rules"."rule_id",
  "users"."id",
  "users"."username"
from
  "user_price_rules"
  inner join "users" on "users"."id" = "user_price_rules"."user_id"
where
  "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  );

-- channelOfService: a service
select
  "channel_id"
from
  "carrier_services"
where
  "id" = $1;

-- updatePriceRule: the markup
update "price_rules"
set
  "percent_bp" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- insertPriceRule: a rule of a service
insert into
  "price_rules" (
    "name",
    "channel_id",
    "service_id",
    "percent_bp",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6)
returning
  "id";

-- insertDefaultPriceRule: the demo markup
insert into
  "price_rules" (
    "name",
    "percent_bp",
    "fixed_cents",
    "is_default",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6);

-- priceRuleExists: by id
select
  "id"
from
  "price_rules"
where
  "id" = $1;

-- insertUserPriceRule: a merchant
insert into
  "user_price_rules" ("user_id", "rule_id")
values
  ($1, $2)
on conflict ("user_id", "rule_id") do nothing;

-- deleteUserPriceRule: a merchant
delete from "user_price_rules"
where
  "user_id" = $1
  and "rule_id" = $2;

-- rulesForUser: a merchant
select
  "price_rules"."id",
  "price_rules"."channel_id",
  "price_rules"."service_id",
  "price_rules"."percent_bp",
  "price_rules"."fixed_cents",
  "price_rules"."is_default",
  "user_price_rules"."user_id"
from
  "price_rules"
  left join "user_price_rules" on "user_price_rules"."rule_id" = "price_rules"."id"
  and "user_price_rules"."user_id" = $1
where
  "price_rules"."status" = $2
  and (
    "price_rules"."is_default" = $3
    or "user_price_rules"."user_id" = $4
  );
