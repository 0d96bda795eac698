-- The SQL of modules/config/repo.ts, made from test/sql/modules/config.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- configRows: every saved setting
select
  "key",
  "value"
from
  "configs";

-- configRowsOf: two settings
select
  "key",
  "value"
from
  "configs"
where
  "key" in ($1, $2);

-- lockConfigs: on PostgreSQL
select
  pg_advisory_xact_lock(7221027);

-- saveConfigValue: one setting
insert into
  "configs" ("key", "value", "updated_at")
values
  ($1, $2, $3)
on conflict ("key") do update
set
  "value" = $4,
  "updated_at" = $5;

-- insertConfigChanges: two changes
insert into
  "config_changes" (
    "key",
    "old_value",
    "new_value",
    "secret",
    "actor_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6),
  ($7, $8, $9, $10, $11, $12);

-- listConfigChanges: every setting (1 of 2)
select
  "config_changes"."id",
  "config_changes"."key",
  "config_changes"."old_value",
  "config_changes"."new_value",
  "config_changes"."secret",
  "config_changes"."actor_id",
  "config_changes"."created_at",
  "users"."username" as "actor_name"
from
  "config_changes"
  left join "users" on "users"."id" = "config_changes"."actor_id"
order by
  "config_changes"."id" desc
limit
  $1
offset
  $2;

-- listConfigChanges: every setting (2 of 2)
select
  count(*) as "total"
from
  "config_changes";

-- listConfigChanges: one setting, page 2 (1 of 2)
select
  "config_changes"."id",
  "config_changes"."key",
  "config_changes"."old_value",
  "config_changes"."new_value",
  "config_changes"."secret",
  "config_changes"."actor_id",
  "config_changes"."created_at",
  "users"."username" as "actor_name"
from
  "config_changes"
  left join "users" on "users"."id" = "config_changes"."actor_id"
where
  "config_changes"."key" = $1
order by
  "config_changes"."id" desc
limit
  $2
offset
  $3;

-- listConfigChanges: one setting, page 2 (2 of 2)
select
  count(*) as "total"
from
  "config_changes"
where
  "config_changes"."key" = $1;
