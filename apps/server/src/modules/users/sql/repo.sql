-- The SQL of modules/users/repo.ts, made from test/sql/modules/users.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- findUserById: by id
select
  *
from
  "users"
where
  "id" = $1;

-- findUserByUsername: by username
select
  *
from
  "users"
where
  "username" = $1;

-- isMemberAccount: by id
select
  "kind"
from
  "users"
where
  "id" = $1;

-- existingUserIds: two ids
select
  "id"
from
  "users"
where
  "id" in ($1, $2);

-- findUserByInvitationCode: a code
select
  "id"
from
  "users"
where
  "invitation_code" = $1;

-- setPasswordHash: a user
update "users"
set
  "password_hash" = $1,
  "updated_at" = $2
where
  "id" = $3;

-- activateWithPassword: a user
update "users"
set
  "status" = $1,
  "password_hash" = $2,
  "updated_at" = $3
where
  "id" = $4;

-- setProfile: without an avatar
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

-- setProfile: with an avatar
update "users"
set
  "first_name" = $1,
  "last_name" = $2,
  "name" = $3,
  "nick_name" = $4,
  "company" = $5,
  "phone" = $6,
  "wechat" = $7,
  "avatar" = $8,
  "updated_at" = $9
where
  "id" = $10;

-- loadAuthUser: a user
select
  "users"."id",
  "users"."username",
  "users"."kind",
  "users"."status",
  "roles"."code" as "role",
  "resources"."code" as "resource"
from
  "users"
  left join "user_roles" on "user_roles"."user_id" = "users"."id"
  left join "roles" on "roles"."id" = "user_roles"."role_id"
  left join "role_resources" on "role_resources"."role_id" = "roles"."id"
  left join "resources" on "resources"."id" = "role_resources"."resource_id"
where
  "users"."id" = $1
order by
  "roles"."id";

-- insertUser: a customer (1 of 5)
insert into
  "users" (
    "username",
    "email",
    "name",
    "nick_name",
    "first_name",
    "last_name",
    "company",
    "phone",
    "wechat",
    "kind",
    "status",
    "password_hash",
    "account_id",
    "created_at",
    "updated_at"
  )
values
  (
    $1,
    $2,
    $3,
    $4,
    $5,
    $6,
    $7,
    $8,
    $9,
    $10,
    $11,
    $12,
    $13,
    $14,
    $15
  )
returning
  "id";

-- insertUser: a customer (2 of 5)
insert into
  "wallets" ("user_id", "currency", "updated_at")
values
  ($1, $2, $3),
  ($4, $5, $6);

-- insertUser: a customer (3 of 5)
delete from "user_roles"
where
  "user_id" = $1;

-- insertUser: a customer (4 of 5)
select
  "id"
from
  "roles"
where
  "code" in ($1);

-- insertUser: a customer (5 of 5)
insert into
  "user_roles" ("user_id", "role_id")
values
  ($1, $2);

-- setUserRoles: two roles (1 of 3)
delete from "user_roles"
where
  "user_id" = $1;

-- setUserRoles: two roles (2 of 3)
select
  "id"
from
  "roles"
where
  "code" in ($1, $2);

-- setUserRoles: two roles (3 of 3)
insert into
  "user_roles" ("user_id", "role_id")
values
  ($1, $2),
  ($3, $4);

-- setUserRoles: none
delete from "user_roles"
where
  "user_id" = $1;

-- grantRole: a role (1 of 2)
select
  "id"
from
  "roles"
where
  "code" = $1;

-- grantRole: a role (2 of 2)
insert into
  "user_roles" ("user_id", "role_id")
values
  ($1, $2)
on conflict ("user_id", "role_id") do nothing;
