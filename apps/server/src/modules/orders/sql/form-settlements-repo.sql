-- The SQL of modules/orders/form-settlements-repo.ts, made from test/sql/modules/orders.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- asksBefore: any account
select
  "parcels"."id",
  "parcels"."tracking_no",
  "parcels"."carrier_form_asked_at" as "asked_at",
  "parcels"."carrier_manifest_id",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."is_test",
  "users"."username",
  "channels"."name" as "channel_name",
  "channels"."platform_code"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  inner join "users" on "users"."id" = "orders"."user_id"
  inner join "channels" on "channels"."id" = "orders"."channel_id"
where
  "parcels"."carrier_manifest_id" is null
  and "parcels"."carrier_form_asked_at" < $1
order by
  "parcels"."carrier_form_asked_at",
  "parcels"."id";

-- askedParcel: owned accounts
select
  "parcels"."id",
  "parcels"."tracking_no",
  "parcels"."carrier_form_asked_at" as "asked_at",
  "parcels"."carrier_manifest_id",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."is_test",
  "users"."username",
  "channels"."name" as "channel_name",
  "channels"."platform_code"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  inner join "users" on "users"."id" = "orders"."user_id"
  inner join "channels" on "channels"."id" = "orders"."channel_id"
where
  "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "parcels"."id" = $2;

-- askedWith: a parcel
select
  "parcels"."id",
  "parcels"."tracking_no",
  "parcels"."carrier_form_asked_at" as "asked_at",
  "parcels"."carrier_manifest_id",
  "orders"."user_id",
  "orders"."channel_id",
  "orders"."is_test",
  "users"."username",
  "channels"."name" as "channel_name",
  "channels"."platform_code"
from
  "parcels"
  inner join "orders" on "orders"."id" = "parcels"."order_id"
  inner join "users" on "users"."id" = "orders"."user_id"
  inner join "channels" on "channels"."id" = "orders"."channel_id"
where
  "parcels"."carrier_form_asked_at" = $1
  and "parcels"."carrier_manifest_id" is null
  and "orders"."user_id" = $2
  and "orders"."channel_id" = $3
  and "orders"."is_test" = $4
order by
  "parcels"."id";

-- recordSettlement: a recorded form (1 of 3)
insert into
  "carrier_manifests" (
    "channel_id",
    "user_id",
    "upstream_id",
    "file_name",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- recordSettlement: a recorded form (2 of 3)
update "parcels"
set
  "carrier_form_asked_at" = $1,
  "carrier_manifest_id" = $2
where
  "id" in ($3, $4)
  and "carrier_form_asked_at" = $5
  and "carrier_manifest_id" is null;

-- recordSettlement: a recorded form (3 of 3)
insert into
  "carrier_form_settlements" (
    "channel_id",
    "user_id",
    "asked_at",
    "outcome",
    "form_number",
    "carrier_manifest_id",
    "tracking_numbers",
    "settled_by",
    "settled_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- recordSettlement: released (1 of 2)
update "parcels"
set
  "carrier_form_asked_at" = $1,
  "carrier_manifest_id" = $2
where
  "id" in ($3, $4)
  and "carrier_form_asked_at" = $5
  and "carrier_manifest_id" is null;

-- recordSettlement: released (2 of 2)
insert into
  "carrier_form_settlements" (
    "channel_id",
    "user_id",
    "asked_at",
    "outcome",
    "form_number",
    "carrier_manifest_id",
    "tracking_numbers",
    "settled_by",
    "settled_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- recordSettlement: taken by another settlement (1 of 2)
insert into
  "carrier_manifests" (
    "channel_id",
    "user_id",
    "upstream_id",
    "file_name",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- recordSettlement: taken by another settlement (2 of 2)
update "parcels"
set
  "carrier_form_asked_at" = $1,
  "carrier_manifest_id" = $2
where
  "id" in ($3, $4)
  and "carrier_form_asked_at" = $5
  and "carrier_manifest_id" is null;
