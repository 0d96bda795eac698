-- The SQL of modules/channels/writes-repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- channelPlatform: by id
select
  "id",
  "platform_code",
  "settings"
from
  "channels"
where
  "id" = $1;

-- insertChannel: a channel
insert into
  "channels" (
    "name",
    "platform_code",
    "carrier_code",
    "settings",
    "auto_allot",
    "status",
    "sort",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- updateChannelRow: every field
update "channels"
set
  "name" = $1,
  "platform_code" = $2,
  "carrier_code" = $3,
  "settings" = $4,
  "auto_allot" = $5,
  "status" = $6,
  "sort" = $7,
  "updated_at" = $8
where
  "id" = $9;

-- updateChannelRow: the status alone
update "channels"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- deleteChannelRow: by id
delete from "channels"
where
  "id" = $1;

-- platformOfService: by id
select
  "channels"."platform_code"
from
  "carrier_services"
  inner join "channels" on "channels"."id" = "carrier_services"."channel_id"
where
  "carrier_services"."id" = $1;

-- serviceCodeTaken: a code
select
  "id"
from
  "carrier_services"
where
  "channel_id" = $1
  and "code" = $2;

-- insertService: a service
insert into
  "carrier_services" (
    "channel_id",
    "code",
    "name",
    "carrier_code",
    "settings",
    "status",
    "sort",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9)
returning
  "id";

-- updateServiceRow: every field
update "carrier_services"
set
  "name" = $1,
  "carrier_code" = $2,
  "settings" = $3,
  "status" = $4,
  "sort" = $5,
  "updated_at" = $6
where
  "id" = $7;

-- updateServiceRow: the name alone
update "carrier_services"
set
  "name" = $1,
  "updated_at" = $2
where
  "id" = $3;
