-- The SQL of modules/messages/todos-repo.ts, made from test/sql/modules/messages.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listTodos: every kind, any account (1 of 6)
select
  count(*) as "n",
  min("created_at") as "oldest"
from
  "users"
where
  "status" = $1
  and "kind" = $2
  and "deleted_at" is null;

-- listTodos: every kind, any account (2 of 6)
select
  count(*) as "n",
  min("submitted_at") as "oldest"
from
  "recharges"
where
  "status" = $1;

-- listTodos: every kind, any account (3 of 6)
select
  count(*) as "n",
  min("updated_at") as "oldest"
from
  "orders"
where
  "status" = $1
  and "is_test" = $2;

-- listTodos: every kind, any account (4 of 6)
select
  count(*) as "n",
  min("disputed_at") as "oldest"
from
  "carrier_bill_lines"
where
  "dispute" = $1;

-- listTodos: every kind, any account (5 of 6)
select
  count(*) as "n",
  min("updated_at") as "oldest"
from
  "work_orders"
where
  "status" = $1
  and (
    "last_reply_side" is null
    or "last_reply_side" = $2
  );

-- listTodos: every kind, any account (6 of 6)
select
  count(*) as "n",
  min("created_at") as "oldest"
from
  "insurance_claims"
where
  "status" in ($1, $2, $3, $4);

-- listTodos: every kind, owned accounts (1 of 6)
select
  count(*) as "n",
  min("created_at") as "oldest"
from
  "users"
where
  "status" = $1
  and "kind" = $2
  and "deleted_at" is null
  and "owner_id" = $3;

-- listTodos: every kind, owned accounts (2 of 6)
select
  count(*) as "n",
  min("submitted_at") as "oldest"
from
  "recharges"
where
  "status" = $1
  and "user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      "users"."owner_id" = $2
  );

-- listTodos: every kind, owned accounts (3 of 6)
select
  count(*) as "n",
  min("updated_at") as "oldest"
from
  "orders"
where
  "status" = $1
  and "is_test" = $2
  and "user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      "users"."owner_id" = $3
  );

-- listTodos: every kind, owned accounts (4 of 6)
select
  count(*) as "n",
  min("disputed_at") as "oldest"
from
  "carrier_bill_lines"
where
  "dispute" = $1
  and "user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      "users"."owner_id" = $2
  );

-- listTodos: every kind, owned accounts (5 of 6)
select
  count(*) as "n",
  min("updated_at") as "oldest"
from
  "work_orders"
where
  "status" = $1
  and (
    "last_reply_side" is null
    or "last_reply_side" = $2
  )
  and "user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      "users"."owner_id" = $3
  );

-- listTodos: every kind, owned accounts (6 of 6)
select
  count(*) as "n",
  min("created_at") as "oldest"
from
  "insurance_claims"
where
  "status" in ($1, $2, $3, $4)
  and "user_id" in (
    select
      "users"."id"
    from
      "users"
    where
      "users"."owner_id" = $5
  );
