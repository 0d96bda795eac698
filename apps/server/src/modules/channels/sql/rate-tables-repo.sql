-- The SQL of modules/channels/rate-tables-repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- rateTableRows: by zone
select
  "zone",
  "max_oz",
  "price_cents"
from
  "rate_tables"
where
  "service_id" = $1
order by
  "zone",
  "max_oz";

-- rateTableRows: by weight
select
  "zone",
  "max_oz",
  "price_cents"
from
  "rate_tables"
where
  "service_id" = $1
order by
  "max_oz",
  "zone";

-- replaceRateTable: two prices (1 of 3)
delete from "rate_tables"
where
  "service_id" = $1;

-- replaceRateTable: two prices (2 of 3)
insert into
  "rate_tables" ("service_id", "zone", "max_oz", "price_cents")
values
  ($1, $2, $3, $4),
  ($5, $6, $7, $8);

-- replaceRateTable: two prices (3 of 3)
update "carrier_services"
set
  "updated_at" = $1
where
  "id" = $2;

-- upsertZoneChart: two pairs
insert into
  "zone_charts" ("origin_zip3", "dest_zip3", "zone")
values
  ($1, $2, $3),
  ($4, $5, $6)
on conflict ("origin_zip3", "dest_zip3") do update
set
  "zone" = "excluded"."zone";
