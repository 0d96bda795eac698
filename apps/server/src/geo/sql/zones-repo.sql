-- The SQL of geo/zones-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- chartedZone: a pair of ZIP3 prefixes
select
  "zone"
from
  "zone_charts"
where
  "origin_zip3" = $1
  and "dest_zip3" = $2;
