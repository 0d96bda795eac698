-- The SQL of modules/returns/return-orders-repo.ts, made from test/sql/modules/returns.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- channelPlatforms: two channels
select
  "id",
  "platform_code"
from
  "channels"
where
  "id" in ($1, $2);

-- demoFlagOfChannel: a channel
select
  "is_demo"
from
  "channels"
where
  "id" = $1;

-- trackedParcelsOf: an order
select
  "id",
  "tracking_no",
  "tracking_status"
from
  "parcels"
where
  "order_id" = $1
  and "tracking_no" is not null;
