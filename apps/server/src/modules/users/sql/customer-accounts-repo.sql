-- The SQL of modules/users/customer-accounts-repo.ts, made from test/sql/modules/users.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- holdsRole: in a query of users
select
  "users"."id"
from
  "users"
where
  exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  );

-- matchesKeyword: in a query of users
select
  "users"."id"
from
  "users"
where
  (
    lower("users"."username") like $1
    or lower("users"."name") like $2
    or lower("users"."company") like $3
  );

-- whereSelfOrAll: any account
select
  "users"."id"
from
  "users";

-- whereSelfOrAll: owned accounts
select
  "users"."id"
from
  "users"
where
  "users"."id" = $1;

-- setAccountFields: a customer's own fields
update "users"
set
  "first_name" = $1,
  "last_name" = $2,
  "name" = $3,
  "nick_name" = $4,
  "company" = $5,
  "phone" = $6,
  "wechat" = $7,
  "updated_at" = $8
where
  "id" = $9;

-- setAccountFields: with the fields staff set
update "users"
set
  "first_name" = $1,
  "last_name" = $2,
  "name" = $3,
  "nick_name" = $4,
  "company" = $5,
  "phone" = $6,
  "wechat" = $7,
  "member_type" = $8,
  "certification" = $9,
  "owner_id" = $10,
  "updated_at" = $11
where
  "id" = $12;

-- markAccountDeleted: by id
update "users"
set
  "status" = $1,
  "invitation_code" = $2,
  "deleted_at" = $3,
  "updated_at" = $4
where
  "id" = $5
  and "deleted_at" is null;

-- countOwnedAccounts: a seller
select
  count(*) as "n"
from
  "users"
where
  "owner_id" = $1
  and "deleted_at" is null;

-- isSellerOrProxy: by id
select
  "id"
from
  "users"
where
  "id" = $1
  and "deleted_at" is null
  and (
    exists (
      select
        "user_roles"."user_id"
      from
        "user_roles"
        inner join "roles" on "roles"."id" = "user_roles"."role_id"
      where
        "user_roles"."user_id" = "users"."id"
        and "roles"."code" = $2
    )
    or exists (
      select
        "user_roles"."user_id"
      from
        "user_roles"
        inner join "roles" on "roles"."id" = "user_roles"."role_id"
      where
        "user_roles"."user_id" = "users"."id"
        and "roles"."code" = $3
    )
  );

-- pickAccounts: any account
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."kind",
  "users"."status",
  "users"."deleted_at"
from
  "users"
where
  "users"."kind" in ($1)
  and "users"."deleted_at" is null
order by
  "users"."username"
limit
  $2;

-- pickAccounts: owned accounts, by keyword
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."kind",
  "users"."status",
  "users"."deleted_at"
from
  "users"
where
  "users"."kind" in ($1, $2)
  and "users"."deleted_at" is null
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  )
  and (
    lower("users"."username") like $4
    or lower("users"."name") like $5
    or lower("users"."company") like $6
  )
order by
  "users"."username"
limit
  $7;

-- pickAccounts: deleted ones too (the staff order lists' picker)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."kind",
  "users"."status",
  "users"."deleted_at"
from
  "users"
where
  "users"."kind" in ($1, $2)
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  )
  and (
    lower("users"."username") like $4
    or lower("users"."name") like $5
    or lower("users"."company") like $6
  )
order by
  "users"."username"
limit
  $7;

-- customersAllottedService: every channel
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."kind",
  "users"."status",
  "channels"."id" as "channel_id",
  "channels"."name" as "channel_name"
from
  "users"
  inner join "user_channels" on "user_channels"."user_id" = "users"."id"
  inner join "channels" on "channels"."id" = "user_channels"."channel_id"
  inner join "carrier_services" on "carrier_services"."channel_id" = "channels"."id"
where
  "users"."kind" = $1
  and "users"."deleted_at" is null
  and "carrier_services"."code" = $2
  and "carrier_services"."status" = $3
  and "channels"."status" = $4
order by
  "users"."username",
  "channels"."id";

-- customersAllottedService: one channel, owned accounts
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."kind",
  "users"."status",
  "channels"."id" as "channel_id",
  "channels"."name" as "channel_name"
from
  "users"
  inner join "user_channels" on "user_channels"."user_id" = "users"."id"
  inner join "channels" on "channels"."id" = "user_channels"."channel_id"
  inner join "carrier_services" on "carrier_services"."channel_id" = "channels"."id"
where
  "users"."kind" = $1
  and "users"."deleted_at" is null
  and "carrier_services"."code" = $2
  and "carrier_services"."status" = $3
  and "channels"."status" = $4
  and "channels"."id" = $5
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $6
  )
order by
  "users"."username",
  "channels"."id";

-- roleHolders: any account
select
  "users"."id"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  );

-- roleHolders: the owner, by keyword
select
  "users"."id"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
  and "users"."id" = $2
  and (
    lower("users"."username") like $3
    or lower("users"."name") like $4
    or lower("users"."company") like $5
  );

-- ownedCustomers: in a query of users
select
  "users"."id",
  (
    select
      count(*) as "n"
    from
      "users" as "customers"
    where
      "customers"."owner_id" = "users"."id"
      and "customers"."deleted_at" is null
  ) as "customers"
from
  "users";

-- sellerPage: any account (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."status",
  "users"."invitation_code",
  "users"."created_at",
  (
    select
      count(*) as "n"
    from
      "users" as "customers"
    where
      "customers"."owner_id" = "users"."id"
      and "customers"."deleted_at" is null
  ) as "customers"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
order by
  "users"."id" desc
limit
  $2
offset
  $3;

-- sellerPage: any account (2 of 2)
select
  count(*) as "total"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  );

-- sellerPage: the seller, by keyword (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."status",
  "users"."invitation_code",
  "users"."created_at",
  (
    select
      count(*) as "n"
    from
      "users" as "customers"
    where
      "customers"."owner_id" = "users"."id"
      and "customers"."deleted_at" is null
  ) as "customers"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
  and "users"."id" = $2
  and (
    lower("users"."username") like $3
    or lower("users"."name") like $4
    or lower("users"."company") like $5
  )
order by
  "users"."id" desc
limit
  $6
offset
  $7;

-- sellerPage: the seller, by keyword (2 of 2)
select
  count(*) as "total"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
  and "users"."id" = $2
  and (
    lower("users"."username") like $3
    or lower("users"."name") like $4
    or lower("users"."company") like $5
  );

-- allSellers: any account
select
  "users"."id",
  "users"."username",
  "users"."name"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
order by
  "users"."username";

-- proxyInScope: any account
select
  "users".*
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
  and "users"."id" = $2;

-- proxyOfCustomer: a customer
select
  "users"."id",
  "users"."proxy_percent_bp",
  "users"."proxy_fixed_cents"
from
  "users" as "customer"
  inner join "users" on "users"."id" = "customer"."owner_id"
where
  "customer"."id" = $1
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $2
  );

-- markupOfProxy: a proxy
select
  "proxy_percent_bp",
  "proxy_fixed_cents"
from
  "users"
where
  "id" = $1;

-- setProxyMarkup: a proxy
update "users"
set
  "proxy_percent_bp" = $1,
  "proxy_fixed_cents" = $2,
  "updated_at" = $3
where
  "id" = $4;

-- warehouseAccounts: any account
select
  "users"."id"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  );

-- warehouseAccounts: owned accounts, by keyword
select
  "users"."id"
from
  "users"
where
  "users"."deleted_at" is null
  and exists (
    select
      "user_roles"."user_id"
    from
      "user_roles"
      inner join "roles" on "roles"."id" = "user_roles"."role_id"
    where
      "user_roles"."user_id" = "users"."id"
      and "roles"."code" = $1
  )
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  )
  and (
    lower("users"."username") like $3
    or lower("users"."name") like $4
    or lower("users"."company") like $5
  );
