-- The SQL of modules/customers/repo.ts, made from test/sql/modules/customers.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- proxyFigures: all time (1 of 2)
select
  "proxy_id",
  count(*) as "n"
from
  "orders"
where
  "proxy_id" in ($1, $2)
  and "status" in ($3, $4, $5, $6, $7)
  and "is_test" = $8
group by
  "proxy_id";

-- proxyFigures: all time (2 of 2)
select
  "user_id",
  sum("amount") as "total"
from
  "balance_logs"
where
  "user_id" in ($1, $2)
  and "type" = $3
group by
  "user_id";

-- proxyFigures: a month (1 of 2)
select
  "proxy_id",
  count(*) as "n"
from
  "orders"
where
  "proxy_id" in ($1, $2)
  and "status" in ($3, $4, $5, $6, $7)
  and "is_test" = $8
  and "created_at" >= $9
  and "created_at" < $10
group by
  "proxy_id";

-- proxyFigures: a month (2 of 2)
select
  "user_id",
  sum("amount") as "total"
from
  "balance_logs"
where
  "user_id" in ($1, $2)
  and "type" = $3
  and "created_at" >= $4
  and "created_at" < $5
group by
  "user_id";

-- proxyCustomerFigures: all time
select
  "user_id",
  count(*) as "labels",
  sum(coalesce("rate", 0) + "insurance_fee") as "spend",
  sum("commission") as "commission"
from
  "orders"
where
  "proxy_id" = $1
  and "user_id" in ($2, $3)
  and "status" in ($4, $5, $6, $7, $8)
  and "is_test" = $9
group by
  "user_id";

-- proxyCustomerFigures: a month
select
  "user_id",
  count(*) as "labels",
  sum(coalesce("rate", 0) + "insurance_fee") as "spend",
  sum("commission") as "commission"
from
  "orders"
where
  "proxy_id" = $1
  and "user_id" in ($2, $3)
  and "status" in ($4, $5, $6, $7, $8)
  and "is_test" = $9
  and "created_at" >= $10
  and "created_at" < $11
group by
  "user_id";

-- warehouseFigures: all time (1 of 2)
select
  "user_id",
  count(*) as "n"
from
  "address_book"
where
  "user_id" in ($1, $2)
group by
  "user_id";

-- warehouseFigures: all time (2 of 2)
select
  "orders"."user_id",
  count(*) as "labels",
  sum(
    coalesce("orders"."rate", 0) + "orders"."insurance_fee"
  ) as "spend",
  count(distinct "orders"."from_name") as "merchants"
from
  "orders"
where
  "orders"."user_id" in ($1, $2)
  and "orders"."status" in ($3, $4, $5, $6, $7)
  and "orders"."is_test" = $8
group by
  "orders"."user_id";

-- warehouseFigures: a month (1 of 2)
select
  "user_id",
  count(*) as "n"
from
  "address_book"
where
  "user_id" in ($1, $2)
group by
  "user_id";

-- warehouseFigures: a month (2 of 2)
select
  "orders"."user_id",
  count(*) as "labels",
  sum(
    coalesce("orders"."rate", 0) + "orders"."insurance_fee"
  ) as "spend",
  count(distinct "orders"."from_name") as "merchants"
from
  "orders"
where
  "orders"."user_id" in ($1, $2)
  and "orders"."status" in ($3, $4, $5, $6, $7)
  and "orders"."is_test" = $8
  and "orders"."created_at" >= $9
  and "orders"."created_at" < $10
group by
  "orders"."user_id";

-- warehouseMerchants: all time
select
  "orders"."from_name",
  count(*) as "labels",
  sum(
    coalesce("orders"."rate", 0) + "orders"."insurance_fee"
  ) as "spend",
  max("orders"."created_at") as "last_label_at"
from
  "orders"
where
  "orders"."user_id" in ($1)
  and "orders"."status" in ($2, $3, $4, $5, $6)
  and "orders"."is_test" = $7
group by
  "orders"."from_name"
order by
  "labels" desc,
  "orders"."from_name"
limit
  $8;

-- warehouseMerchants: a month
select
  "orders"."from_name",
  count(*) as "labels",
  sum(
    coalesce("orders"."rate", 0) + "orders"."insurance_fee"
  ) as "spend",
  max("orders"."created_at") as "last_label_at"
from
  "orders"
where
  "orders"."user_id" in ($1)
  and "orders"."status" in ($2, $3, $4, $5, $6)
  and "orders"."is_test" = $7
  and "orders"."created_at" >= $8
  and "orders"."created_at" < $9
group by
  "orders"."from_name"
order by
  "labels" desc,
  "orders"."from_name"
limit
  $10;

-- proxyPage: any account (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."status",
  "users"."invitation_code",
  "users"."proxy_percent_bp",
  "users"."proxy_fixed_cents",
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

-- proxyPage: any account (2 of 2)
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

-- proxyPage: owned accounts, by keyword (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."status",
  "users"."invitation_code",
  "users"."proxy_percent_bp",
  "users"."proxy_fixed_cents",
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

-- proxyPage: owned accounts, by keyword (2 of 2)
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
