-- The SQL of scope/accounts-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- whereAccountInScope: any account
select
  "id"
from
  "orders";

-- whereAccountInScope: one account
select
  "id"
from
  "orders"
where
  "orders"."user_id" = $1;

-- whereAccountInScope: owned accounts
select
  "id"
from
  "orders"
where
  "orders"."user_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  );

-- scopedAccount: any account
select
  "id",
  "owner_id",
  "kind",
  "status"
from
  "users"
where
  "id" = $1;

-- scopedAccount: owned accounts
select
  "id",
  "owner_id",
  "kind",
  "status"
from
  "users"
where
  "id" = $1
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  );

-- scopedAccountIds: any account
select
  "id"
from
  "users"
where
  "id" in ($1, $2);

-- scopedAccountIds: owned accounts
select
  "id"
from
  "users"
where
  "id" in ($1, $2)
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  );

-- accountOfFamily: a customer, any account
select
  *
from
  "users"
where
  "id" = $1
  and "kind" = $2
  and "deleted_at" is null;

-- accountOfFamily: a staff member, owned accounts
select
  *
from
  "users"
where
  "id" = $1
  and "kind" = $2
  and "deleted_at" is null
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  );
