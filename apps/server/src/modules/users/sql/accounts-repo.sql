-- The SQL of modules/users/accounts-repo.ts, made from test/sql/modules/users.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- listAccounts: customers, any account (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."phone",
  "users"."status",
  "users"."kind",
  "users"."owner_id",
  "owners"."username" as "owner_username",
  "users"."invitation_code",
  "users"."member_type",
  "users"."certification",
  "users"."created_at",
  "wallets"."balance",
  "wallets"."credit_limit"
from
  "users"
  left join "wallets" on "wallets"."user_id" = "users"."id"
  and "wallets"."currency" = $1
  left join "users" as "owners" on "owners"."id" = "users"."owner_id"
where
  "users"."kind" = $2
  and "users"."deleted_at" is null
order by
  "users"."id" desc
limit
  $3
offset
  $4;

-- listAccounts: customers, any account (2 of 2)
select
  count(*) as "total"
from
  "users"
where
  "users"."kind" = $1
  and "users"."deleted_at" is null;

-- listAccounts: customers, owned accounts, every filter (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."phone",
  "users"."status",
  "users"."kind",
  "users"."owner_id",
  "owners"."username" as "owner_username",
  "users"."invitation_code",
  "users"."member_type",
  "users"."certification",
  "users"."created_at",
  "wallets"."balance",
  "wallets"."credit_limit"
from
  "users"
  left join "wallets" on "wallets"."user_id" = "users"."id"
  and "wallets"."currency" = $1
  left join "users" as "owners" on "owners"."id" = "users"."owner_id"
where
  "users"."kind" = $2
  and "users"."deleted_at" is null
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  )
  and "users"."status" = $4
  and "users"."owner_id" = $5
  and (
    lower("users"."username") like $6
    or lower("users"."name") like $7
    or lower("users"."company") like $8
    or "users"."phone" like $9
  )
order by
  "users"."id" desc
limit
  $10
offset
  $11;

-- listAccounts: customers, owned accounts, every filter (2 of 2)
select
  count(*) as "total"
from
  "users"
where
  "users"."kind" = $1
  and "users"."deleted_at" is null
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $2
  )
  and "users"."status" = $3
  and "users"."owner_id" = $4
  and (
    lower("users"."username") like $5
    or lower("users"."name") like $6
    or lower("users"."company") like $7
    or "users"."phone" like $8
  );

-- listAccounts: staff (1 of 2)
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."phone",
  "users"."status",
  "users"."kind",
  "users"."owner_id",
  "owners"."username" as "owner_username",
  "users"."invitation_code",
  "users"."member_type",
  "users"."certification",
  "users"."created_at",
  "wallets"."balance",
  "wallets"."credit_limit"
from
  "users"
  left join "wallets" on "wallets"."user_id" = "users"."id"
  and "wallets"."currency" = $1
  left join "users" as "owners" on "owners"."id" = "users"."owner_id"
where
  "users"."kind" = $2
  and "users"."deleted_at" is null
order by
  "users"."id" desc
limit
  $3
offset
  $4;

-- listAccounts: staff (2 of 2)
select
  count(*) as "total"
from
  "users"
where
  "users"."kind" = $1
  and "users"."deleted_at" is null;

-- accountsPage: first page
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."phone",
  "users"."status",
  "users"."kind",
  "users"."owner_id",
  "owners"."username" as "owner_username",
  "users"."invitation_code",
  "users"."member_type",
  "users"."certification",
  "users"."created_at",
  "wallets"."balance",
  "wallets"."credit_limit"
from
  "users"
  left join "wallets" on "wallets"."user_id" = "users"."id"
  and "wallets"."currency" = $1
  left join "users" as "owners" on "owners"."id" = "users"."owner_id"
where
  "users"."kind" = $2
  and "users"."deleted_at" is null
order by
  "users"."id" desc
limit
  $3;

-- accountsPage: after an id, every filter
select
  "users"."id",
  "users"."username",
  "users"."name",
  "users"."company",
  "users"."phone",
  "users"."status",
  "users"."kind",
  "users"."owner_id",
  "owners"."username" as "owner_username",
  "users"."invitation_code",
  "users"."member_type",
  "users"."certification",
  "users"."created_at",
  "wallets"."balance",
  "wallets"."credit_limit"
from
  "users"
  left join "wallets" on "wallets"."user_id" = "users"."id"
  and "wallets"."currency" = $1
  left join "users" as "owners" on "owners"."id" = "users"."owner_id"
where
  "users"."kind" = $2
  and "users"."deleted_at" is null
  and "users"."id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $3
  )
  and "users"."status" = $4
  and "users"."owner_id" = $5
  and (
    lower("users"."username") like $6
    or lower("users"."name") like $7
    or lower("users"."company") like $8
    or "users"."phone" like $9
  )
  and "users"."id" < $10
order by
  "users"."id" desc
limit
  $11;

-- setAccountStatus: disabled
update "users"
set
  "status" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- isSellerInScope: any account
select
  "users"."id"
from
  "users"
  inner join "user_roles" on "user_roles"."user_id" = "users"."id"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
where
  "users"."id" = $1
  and "roles"."code" = $2;

-- isSellerInScope: own
select
  "users"."id"
from
  "users"
  inner join "user_roles" on "user_roles"."user_id" = "users"."id"
  inner join "roles" on "roles"."id" = "user_roles"."role_id"
where
  "users"."id" = $1
  and "roles"."code" = $2
  and "users"."id" = $3;

-- claimInvitationCode: a free code (1 of 2)
select
  "id"
from
  "users"
where
  "invitation_code" = $1
  and "id" != $2;

-- claimInvitationCode: a free code (2 of 2)
update "users"
set
  "invitation_code" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- accountNames: two accounts
select
  "id",
  "username",
  "name",
  "first_name",
  "last_name",
  "company"
from
  "users"
where
  "id" in ($1, $2);
