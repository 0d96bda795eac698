-- The SQL of modules/tracking/repo.ts, made from test/sql/modules/tracking.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- storedEvents: a parcel
select
  "status",
  "occurred_at",
  "description"
from
  "tracking_events"
where
  "parcel_id" = $1;

-- recordEvents: two new events (1 of 2)
insert into
  "tracking_events" (
    "parcel_id",
    "order_id",
    "status",
    "description",
    "location",
    "occurred_at",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14);

-- recordEvents: two new events (2 of 2)
update "parcels"
set
  "tracking_status" = $1,
  "tracking_updated_at" = $2
where
  "id" in ($3);

-- recordEvents: nothing new
update "parcels"
set
  "tracking_status" = $1,
  "tracking_updated_at" = $2
where
  "id" in ($3);

-- recordEvents: two parcels of a group of pushes (1 of 2)
insert into
  "tracking_events" (
    "parcel_id",
    "order_id",
    "status",
    "description",
    "location",
    "occurred_at",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7),
  ($8, $9, $10, $11, $12, $13, $14);

-- recordEvents: two parcels of a group of pushes (2 of 2)
update "parcels"
set
  "tracking_status" = case
    when "id" = $1 then cast($2 as bigint)
    when "id" = $3 then cast($4 as bigint)
  end,
  "tracking_updated_at" = $5
where
  "id" in ($6, $7);

-- claimParcelsOnTheirWay: a channel's round (1 of 2)
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "parcels"."tracking_registered",
  "orders"."carrier_code",
  "orders"."channel_id",
  "orders"."is_test",
  "orders"."label_created_at",
  "orders"."user_id",
  "orders"."kind"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
where
  "parcels"."tracking_no" is not null
  and (
    "orders"."status" in ($1, $2)
    or (
      "orders"."status" = $3
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and "parcels"."tracking_status" != $4
  and (
    "parcels"."tracking_claimed_until" is null
    or "parcels"."tracking_claimed_until" < $5
  )
  and "orders"."channel_id" = $6
order by
  "parcels"."tracking_checked_at",
  "parcels"."id"
limit
  $7;

-- claimParcelsOnTheirWay: a channel's round (2 of 2)
update "parcels"
set
  "tracking_claimed_until" = $1
where
  "id" in ($2)
  and (
    "tracking_claimed_until" is null
    or "tracking_claimed_until" < $3
  )
returning
  "id";

-- claimParcelsOnTheirWay: the provider's round, two channels tracking their own
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "parcels"."tracking_registered",
  "orders"."carrier_code",
  "orders"."channel_id",
  "orders"."is_test",
  "orders"."label_created_at",
  "orders"."user_id",
  "orders"."kind"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
where
  "parcels"."tracking_no" is not null
  and (
    "orders"."status" in ($1, $2)
    or (
      "orders"."status" = $3
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and "parcels"."tracking_status" != $4
  and (
    "parcels"."tracking_claimed_until" is null
    or "parcels"."tracking_claimed_until" < $5
  )
  and (
    "orders"."channel_id" is null
    or "orders"."channel_id" not in ($6, $7)
  )
order by
  "parcels"."tracking_checked_at",
  "parcels"."id"
limit
  $8;

-- claimParcelsOnTheirWay: the provider's round, no channel tracking its own
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "parcels"."tracking_registered",
  "orders"."carrier_code",
  "orders"."channel_id",
  "orders"."is_test",
  "orders"."label_created_at",
  "orders"."user_id",
  "orders"."kind"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
where
  "parcels"."tracking_no" is not null
  and (
    "orders"."status" in ($1, $2)
    or (
      "orders"."status" = $3
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and "parcels"."tracking_status" != $4
  and (
    "parcels"."tracking_claimed_until" is null
    or "parcels"."tracking_claimed_until" < $5
  )
order by
  "parcels"."tracking_checked_at",
  "parcels"."id"
limit
  $6;

-- claimParcelsOnTheirWay: some parcels
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "parcels"."tracking_registered",
  "orders"."carrier_code",
  "orders"."channel_id",
  "orders"."is_test",
  "orders"."label_created_at",
  "orders"."user_id",
  "orders"."kind"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
where
  "parcels"."tracking_no" is not null
  and (
    "orders"."status" in ($1, $2)
    or (
      "orders"."status" = $3
      and "orders"."refunded_at" is null
      and "orders"."tracking_no" is not null
    )
  )
  and "parcels"."tracking_status" != $4
  and (
    "parcels"."tracking_claimed_until" is null
    or "parcels"."tracking_claimed_until" < $5
  )
  and "parcels"."id" in ($6)
  and "orders"."channel_id" = $7
order by
  "parcels"."tracking_checked_at",
  "parcels"."id"
limit
  $8;

-- markChecked: two parcels
update "parcels"
set
  "tracking_checked_at" = $1,
  "tracking_claimed_until" = $2
where
  "id" in ($3, $4);

-- markRegistered: two parcels
update "parcels"
set
  "tracking_registered" = $1
where
  "id" in ($2, $3);

-- parcelsSilentSince: every parcel
select
  "id" as "parcelId",
  "order_id" as "orderId",
  "tracking_no" as "trackingNo",
  "tracking_status" as "status"
from
  "parcels"
where
  "tracking_status" = $1
  and "tracking_updated_at" < $2
  and "tracking_no" is not null;

-- parcelsSilentSince: some parcels
select
  "id" as "parcelId",
  "order_id" as "orderId",
  "tracking_no" as "trackingNo",
  "tracking_status" as "status"
from
  "parcels"
where
  "tracking_status" = $1
  and "tracking_updated_at" < $2
  and "tracking_no" is not null
  and "id" in ($3, $4);

-- parcelByTrackingNo: a number
select
  "id" as "parcelId",
  "order_id" as "orderId",
  "tracking_no" as "trackingNo",
  "tracking_status" as "status"
from
  "parcels"
where
  "tracking_no" = $1;

-- parcelsWithEvents: a group's numbers
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "orders"."user_id",
  "orders"."is_test",
  "orders"."kind",
  "orders"."channel_id",
  "tracking_events"."status" as "event_status",
  "tracking_events"."occurred_at",
  "tracking_events"."description"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  left join "tracking_events" on "tracking_events"."parcel_id" = "parcels"."id"
where
  "parcels"."tracking_no" in ($1, $2);

-- parcelWithEvents: a channel's number
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "orders"."user_id",
  "orders"."is_test",
  "orders"."kind",
  "orders"."channel_id",
  "tracking_events"."status" as "event_status",
  "tracking_events"."occurred_at",
  "tracking_events"."description"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  left join "tracking_events" on "tracking_events"."parcel_id" = "parcels"."id"
where
  "parcels"."tracking_no" in ($1);

-- parcelWithEvents: any channel
select
  "parcels"."id" as "parcelId",
  "parcels"."order_id" as "orderId",
  "parcels"."tracking_no" as "trackingNo",
  "parcels"."tracking_status" as "status",
  "orders"."user_id",
  "orders"."is_test",
  "orders"."kind",
  "orders"."channel_id",
  "tracking_events"."status" as "event_status",
  "tracking_events"."occurred_at",
  "tracking_events"."description"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  left join "tracking_events" on "tracking_events"."parcel_id" = "parcels"."id"
where
  "parcels"."tracking_no" in ($1);

-- ownParcelsByTrackingNo: two numbers
select
  "parcels"."id",
  "parcels"."tracking_no",
  "parcels"."tracking_status",
  "orders"."order_no",
  "orders"."id" as "order_id",
  "orders"."carrier_code",
  "orders"."service_name"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
where
  "orders"."user_id" = $1
  and "parcels"."tracking_no" in ($2, $3);

-- eventsOfParcels: two parcels
select
  *
from
  "tracking_events"
where
  "parcel_id" in ($1, $2)
order by
  "occurred_at" desc;

-- addSubscription: by mail
insert into
  "tracking_subscriptions" (
    "user_id",
    "tracking_no",
    "email",
    "webhook_url",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5);

-- subscribersOf: two numbers
select
  "tracking_no" as "trackingNo",
  "user_id" as "userId",
  "email",
  "webhook_url" as "url"
from
  "tracking_subscriptions"
where
  "tracking_no" in ($1, $2)
  and (
    "email" is not null
    or "webhook_url" is not null
  )
order by
  "id";

-- trackedParcelsOfOrder: an order
select
  "id",
  "tracking_no",
  "tracking_status",
  "tracking_updated_at"
from
  "parcels"
where
  "order_id" = $1
order by
  "seq";
