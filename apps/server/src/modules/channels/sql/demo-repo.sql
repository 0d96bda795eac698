-- The SQL of modules/channels/demo-repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- anyChannel: a fresh install
select
  "id"
from
  "channels"
limit
  $1;

-- insertDemoChannel: a demo channel
insert into
  "channels" (
    "name",
    "platform_code",
    "carrier_code",
    "settings",
    "is_demo",
    "auto_allot",
    "sort",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- insertDemoService: a demo service
insert into
  "carrier_services" (
    "channel_id",
    "code",
    "name",
    "carrier_code",
    "settings",
    "sort",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
returning
  "id";
