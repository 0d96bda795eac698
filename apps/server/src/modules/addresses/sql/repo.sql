-- The SQL of modules/addresses/repo.ts, made from test/sql/modules/addresses.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- correctionModeOf: a merchant
select
  "mode"
from
  "address_correction_modes"
where
  "user_id" = $1;

-- setCorrectionMode: a merchant
insert into
  "address_correction_modes" ("user_id", "mode", "updated_at")
values
  ($1, $2, $3)
on conflict ("user_id") do update
set
  "mode" = $4,
  "updated_at" = $5;
