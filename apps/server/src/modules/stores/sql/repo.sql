-- The SQL of modules/stores/repo.ts, made from test/sql/modules/stores.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertStore: a store connecting
insert into
  "stores" (
    "user_id",
    "platform",
    "name",
    "account",
    "status",
    "created_at",
    "updated_at",
    "oauth_state"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
returning
  "id";

-- updateStore: its status
update "stores"
set
  "status" = $1,
  "oauth_state" = $2,
  "updated_at" = $3
where
  "id" = $4;

-- storeById: by id
select
  *
from
  "stores"
where
  "id" = $1;

-- ownStore: by id
select
  *
from
  "stores"
where
  "id" = $1
  and "user_id" = $2;

-- liveStoreAt: a shop
select
  *
from
  "stores"
where
  "platform" = $1
  and "account" = $2
  and "status" != $3
order by
  "id" desc;

-- storeByOauthState: a state
select
  *
from
  "stores"
where
  "oauth_state" = $1;

-- storesOf: a merchant with a store (1 of 2)
select
  *
from
  "stores"
where
  "user_id" = $1
order by
  "id" desc;

-- storesOf: a merchant with a store (2 of 2)
select
  "store_id",
  count("order_id") as "imported",
  count(
    case
      when "error" like $1 then 1
    end
  ) as "incomplete",
  count(
    case
      when not "error" like $2 then 1
    end
  ) as "failing"
from
  "store_orders"
where
  "store_id" in ($3)
group by
  "store_id";

-- staffStores: any account (1 of 3)
select
  "stores".*,
  "users"."email" as "user_email",
  "users"."name" as "user_name"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id"
order by
  "stores"."id" desc
limit
  $1
offset
  $2;

-- staffStores: any account (2 of 3)
select
  count(*) as "total"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id";

-- staffStores: any account (3 of 3)
select
  "store_id",
  count("order_id") as "imported",
  count(
    case
      when "error" like $1 then 1
    end
  ) as "incomplete",
  count(
    case
      when not "error" like $2 then 1
    end
  ) as "failing"
from
  "store_orders"
where
  "store_id" in ($3)
group by
  "store_id";

-- staffStores: own, every filter (1 of 2)
select
  "stores".*,
  "users"."email" as "user_email",
  "users"."name" as "user_name"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id"
where
  "stores"."user_id" = $1
  and "stores"."platform" = $2
  and "stores"."status" = $3
  and (
    lower("stores"."name") like $4
    or lower("stores"."account") like $5
    or lower("users"."email") like $6
    or lower("users"."name") like $7
  )
order by
  "stores"."id" desc
limit
  $8
offset
  $9;

-- staffStores: own, every filter (2 of 2)
select
  count(*) as "total"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id"
where
  "stores"."user_id" = $1
  and "stores"."platform" = $2
  and "stores"."status" = $3
  and (
    lower("stores"."name") like $4
    or lower("stores"."account") like $5
    or lower("users"."email") like $6
    or lower("users"."name") like $7
  );

-- staffStores: owned accounts (1 of 2)
select
  "stores".*,
  "users"."email" as "user_email",
  "users"."name" as "user_name"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id"
where
  "users"."owner_id" = $1
order by
  "stores"."id" desc
limit
  $2
offset
  $3;

-- staffStores: owned accounts (2 of 2)
select
  count(*) as "total"
from
  "stores"
  inner join "users" on "users"."id" = "stores"."user_id"
where
  "users"."owner_id" = $1;

-- storeOrderOf: an external order
select
  *
from
  "store_orders"
where
  "store_id" = $1
  and "external_id" = $2;

-- storeOrdersPage: every order (1 of 2)
select
  "store_orders".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."status" as "order_status"
from
  "store_orders"
  left join "orders" on "orders"."id" = "store_orders"."order_id"
where
  "store_orders"."store_id" = $1
order by
  "store_orders"."id" desc
limit
  $2
offset
  $3;

-- storeOrdersPage: every order (2 of 2)
select
  count(*) as "total"
from
  "store_orders"
where
  "store_orders"."store_id" = $1;

-- storeOrdersPage: failing only (1 of 2)
select
  "store_orders".*,
  "orders"."order_no",
  "orders"."tracking_no",
  "orders"."status" as "order_status"
from
  "store_orders"
  left join "orders" on "orders"."id" = "store_orders"."order_id"
where
  "store_orders"."store_id" = $1
  and "store_orders"."error" is not null
order by
  "store_orders"."id" desc
limit
  $2
offset
  $3;

-- storeOrdersPage: failing only (2 of 2)
select
  count(*) as "total"
from
  "store_orders"
where
  "store_orders"."store_id" = $1
  and "store_orders"."error" is not null;

-- setStoreOrder: fulfilled
update "store_orders"
set
  "fulfilment" = $1,
  "synced_at" = $2
where
  "id" = $3;

-- insertStoreOrder: an order
insert into
  "store_orders" (
    "external_name",
    "external_updated_at",
    "order_id",
    "error",
    "synced_at",
    "store_id",
    "external_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- keepStoreOrderFailure: a failure
insert into
  "store_orders" (
    "external_name",
    "external_updated_at",
    "order_id",
    "error",
    "synced_at",
    "store_id",
    "external_id",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8)
on conflict ("store_id", "external_id") do update
set
  "external_name" = $9,
  "external_updated_at" = $10,
  "order_id" = $11,
  "error" = $12,
  "synced_at" = $13;

-- firstPackageTemplate: a merchant
select
  "length",
  "width",
  "height",
  "weight",
  "unit"
from
  "package_templates"
where
  "user_id" = $1
order by
  "name"
limit
  $2;
