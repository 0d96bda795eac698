-- The SQL of modules/reports/repo.ts, made from test/sql/modules/reports.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- totals: any account (1 of 3)
select
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales",
  count(distinct "label_day_totals"."user_id") as "customers"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3;

-- totals: any account (2 of 3)
select
  "balance_logs"."currency",
  sum("amount") as "total"
from
  "balance_logs"
where
  "type" = $1
  and "created_at" >= $2
  and "created_at" < $3
group by
  "balance_logs"."currency";

-- totals: any account (3 of 3)
select
  "label_day_totals"."day"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
limit
  $4;

-- totals: own, with a test key (1 of 3)
select
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales",
  count(distinct "label_day_totals"."user_id") as "customers"
from
  "label_day_totals"
where
  1 = 0
  and "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."user_id" = $4;

-- totals: own, with a test key (2 of 3)
select
  "balance_logs"."currency",
  sum("amount") as "total"
from
  "balance_logs"
where
  "type" = $1
  and "created_at" >= $2
  and "created_at" < $3
  and "balance_logs"."user_id" = $4
group by
  "balance_logs"."currency";

-- totals: own, with a test key (3 of 3)
select
  "label_day_totals"."day"
from
  "label_day_totals"
where
  1 = 0
  and "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."user_id" = $4
limit
  $5;

-- totals: owned accounts (1 of 3)
select
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales",
  count(distinct "label_day_totals"."user_id") as "customers"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."owner_id" = $4;

-- totals: owned accounts (2 of 3)
select
  "balance_logs"."currency",
  sum("amount") as "total"
from
  "balance_logs"
where
  "type" = $1
  and "created_at" >= $2
  and "created_at" < $3
  and "balance_logs"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $4
  )
group by
  "balance_logs"."currency";

-- totals: owned accounts (3 of 3)
select
  "label_day_totals"."day"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."owner_id" = $4
limit
  $5;

-- perDay: any account
select
  "label_day_totals"."day" as "day",
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
group by
  "label_day_totals"."day";

-- perDay: own
select
  "label_day_totals"."day" as "day",
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."user_id" = $4
group by
  "label_day_totals"."day";

-- perDayAndSeller: two sellers (1 of 2)
select
  "label_day_totals"."day" as "day",
  "label_day_totals"."owner_id",
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
group by
  "label_day_totals"."day",
  "label_day_totals"."owner_id";

-- perDayAndSeller: two sellers (2 of 2)
select
  "id",
  "username"
from
  "users"
where
  "id" in ($1);

-- perDayAndCustomerOf: a seller's customers
select
  "label_day_totals"."day",
  "customer"."id" as "user_id",
  "customer"."username",
  "label_day_totals"."labels",
  "label_day_totals"."sales"
from
  "label_day_totals"
  inner join "users" as "customer" on "customer"."id" = "label_day_totals"."user_id"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."owner_id" = $4;

-- sellerFigures: every seller (1 of 3)
select
  "users"."id",
  "users"."username"
from
  "users"
  inner join "user_roles" on "user_roles"."user_id" = "users"."id"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
where
  "roles"."code" = $1
  and "users"."deleted_at" is null
order by
  "users"."username";

-- sellerFigures: every seller (2 of 3)
select
  "owner_id",
  count(*) as "n"
from
  "users"
where
  "owner_id" in ($1)
  and "deleted_at" is null
group by
  "owner_id";

-- sellerFigures: every seller (3 of 3)
select
  "label_day_totals"."owner_id",
  count(distinct "label_day_totals"."user_id") as "active",
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."owner_id" in ($4)
group by
  "label_day_totals"."owner_id";

-- sellerFigures: the seller asking (1 of 3)
select
  "users"."id",
  "users"."username"
from
  "users"
  inner join "user_roles" on "user_roles"."user_id" = "users"."id"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
where
  "roles"."code" = $1
  and "users"."deleted_at" is null
  and "users"."id" = $2
order by
  "users"."username";

-- sellerFigures: the seller asking (2 of 3)
select
  "owner_id",
  count(*) as "n"
from
  "users"
where
  "owner_id" in ($1)
  and "deleted_at" is null
group by
  "owner_id";

-- sellerFigures: the seller asking (3 of 3)
select
  "label_day_totals"."owner_id",
  count(distinct "label_day_totals"."user_id") as "active",
  sum("label_day_totals"."labels") as "labels",
  sum("label_day_totals"."sales") as "sales"
from
  "label_day_totals"
where
  "label_day_totals"."currency" = $1
  and "label_day_totals"."day" >= $2
  and "label_day_totals"."day" < $3
  and "label_day_totals"."owner_id" in ($4)
group by
  "label_day_totals"."owner_id";

-- ordersInFlight: any account
select
  "orders"."status",
  count(*) as "n"
from
  "orders"
where
  "orders"."is_test" = $1
  and "orders"."status" in ($2, $3, $4)
group by
  "orders"."status";

-- ordersInFlight: own, with a test key
select
  "orders"."status",
  count(*) as "n"
from
  "orders"
where
  "orders"."is_test" = $1
  and "orders"."status" in ($2, $3, $4)
  and "orders"."is_test" = $5
  and "orders"."user_id" = $6
group by
  "orders"."status";

-- ordersInFlight: owned accounts
select
  "orders"."status",
  count(*) as "n"
from
  "orders"
where
  "orders"."is_test" = $1
  and "orders"."status" in ($2, $3, $4)
  and "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $5
  )
group by
  "orders"."status";

-- openWorkOrders: any account
select
  count(*) as "n"
from
  "work_orders"
where
  "work_orders"."status" = $1;

-- openWorkOrders: owned accounts
select
  count(*) as "n"
from
  "work_orders"
where
  "work_orders"."status" = $1
  and "work_orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  );
