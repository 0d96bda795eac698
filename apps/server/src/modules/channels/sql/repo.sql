-- The SQL of modules/channels/repo.ts, made from test/sql/modules/channels.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- allottedServices: every service
select
  "channels"."id" as "channel_id",
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "channels"."carrier_code" as "channel_carrier",
  "channels"."settings" as "channel_settings",
  "carrier_services"."id" as "service_id",
  "carrier_services"."code",
  "carrier_services"."name",
  "carrier_services"."carrier_code",
  "carrier_services"."settings",
  "carrier_services"."updated_at"
from
  "user_channels"
  inner join "channels" on "channels"."id" = "user_channels"."channel_id"
  inner join "carrier_services" on "carrier_services"."channel_id" = "channels"."id"
where
  "user_channels"."user_id" = $1
  and "channels"."status" = $2
  and "carrier_services"."status" = $3
order by
  "channels"."sort",
  "channels"."id",
  "carrier_services"."sort",
  "carrier_services"."id";

-- allottedServices: some services
select
  "channels"."id" as "channel_id",
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "channels"."carrier_code" as "channel_carrier",
  "channels"."settings" as "channel_settings",
  "carrier_services"."id" as "service_id",
  "carrier_services"."code",
  "carrier_services"."name",
  "carrier_services"."carrier_code",
  "carrier_services"."settings",
  "carrier_services"."updated_at"
from
  "user_channels"
  inner join "channels" on "channels"."id" = "user_channels"."channel_id"
  inner join "carrier_services" on "carrier_services"."channel_id" = "channels"."id"
where
  "user_channels"."user_id" = $1
  and "channels"."status" = $2
  and "carrier_services"."status" = $3
  and "carrier_services"."id" in ($4, $5)
order by
  "channels"."sort",
  "channels"."id",
  "carrier_services"."sort",
  "carrier_services"."id";

-- channelConfig: by id
select
  *
from
  "channels"
where
  "id" = $1;

-- allottedChannelsDetail: a merchant
select
  "channels"."id" as "channel_id",
  "channels"."name" as "channel_name",
  "channels"."platform_code",
  "channels"."carrier_code",
  "channels"."status" as "channel_status",
  "carrier_services"."id" as "service_id",
  "carrier_services"."code" as "service_code",
  "carrier_services"."name" as "service_name",
  "carrier_services"."status" as "service_status"
from
  "user_channels"
  inner join "channels" on "channels"."id" = "user_channels"."channel_id"
  left join "carrier_services" on "carrier_services"."channel_id" = "channels"."id"
where
  "user_channels"."user_id" = $1
order by
  "channels"."sort",
  "channels"."id",
  "carrier_services"."sort",
  "carrier_services"."id";

-- addressCheckingChannels: all
select
  *
from
  "channels"
where
  "status" = $1
order by
  "sort",
  "id";

-- allChannelConfigs: every channel
select
  *
from
  "channels"
order by
  "sort",
  "id";

-- allotDefaultChannels: a new merchant (1 of 2)
select
  "id"
from
  "channels"
where
  "auto_allot" = $1;

-- allotDefaultChannels: a new merchant (2 of 2)
insert into
  "user_channels" ("user_id", "channel_id")
values
  ($1, $2)
on conflict ("user_id", "channel_id") do nothing;

-- setUserChannels: two channels (1 of 2)
delete from "user_channels"
where
  "user_id" = $1;

-- setUserChannels: two channels (2 of 2)
insert into
  "user_channels" ("user_id", "channel_id")
values
  ($1, $2),
  ($3, $4);

-- setUserChannels: none
delete from "user_channels"
where
  "user_id" = $1;

-- channelHasOrders: a channel
select
  "id"
from
  "orders"
where
  "channel_id" = $1
limit
  $2;

-- channelRows: every channel
select
  *
from
  "channels"
order by
  "sort",
  "id";

-- channelRows: by status
select
  *
from
  "channels"
where
  "status" = $1
order by
  "sort",
  "id";

-- serviceRows: every service
select
  *
from
  "carrier_services"
order by
  "sort",
  "id";

-- allotmentCounts: every channel
select
  "channel_id",
  count(*) as "users"
from
  "user_channels"
group by
  "channel_id";

-- allottedChannelRows: a merchant
select
  "channel_id"
from
  "user_channels"
where
  "user_id" = $1;

-- existingChannels: two ids
select
  "id"
from
  "channels"
where
  "id" in ($1, $2);

-- allotmentsInScope: any account
select
  "users"."id",
  "users"."username",
  "user_channels"."channel_id"
from
  "user_channels"
  inner join "users" on "users"."id" = "user_channels"."user_id"
order by
  "users"."id";

-- allotmentsInScope: owned accounts
select
  "users"."id",
  "users"."username",
  "user_channels"."channel_id"
from
  "user_channels"
  inner join "users" on "users"."id" = "user_channels"."user_id"
where
  "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
order by
  "users"."id";
