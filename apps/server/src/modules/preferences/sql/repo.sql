-- The SQL of modules/preferences/repo.ts, made from test/sql/modules/preferences.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- findTableSettings: a list
select
  "settings"
from
  "table_settings"
where
  "user_id" = $1
  and "list" = $2;

-- saveTableSettings: a list
insert into
  "table_settings" ("user_id", "list", "settings", "updated_at")
values
  ($1, $2, $3, $4)
on conflict ("user_id", "list") do update
set
  "settings" = $5,
  "updated_at" = $6;

-- removeTableSettings: a list
delete from "table_settings"
where
  "user_id" = $1
  and "list" = $2;
