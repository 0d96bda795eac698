-- The SQL of modules/messages/repo.ts, made from test/sql/modules/messages.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- notifyUser: a notice about money
insert into
  "user_messages" (
    "user_id",
    "type",
    "title",
    "content",
    "title_key",
    "content_key",
    "params",
    "about_money",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- notifyHoldersOf: one holder (1 of 2)
select distinct
  "users"."id"
from
  "user_roles"
  inner join "role_resources" on "role_resources"."role_id" = "user_roles"."role_id"
  inner join "resources" on "resources"."id" = "role_resources"."resource_id"
  inner join "users" on "users"."id" = "user_roles"."user_id"
where
  "resources"."code" = $1
  and "users"."status" = $2
order by
  "users"."id";

-- notifyHoldersOf: one holder (2 of 2)
insert into
  "user_messages" (
    "user_id",
    "type",
    "title",
    "content",
    "title_key",
    "content_key",
    "params",
    "about_money",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- listMessages: every type
select
  *
from
  "user_messages"
where
  "user_id" = $1
order by
  "status",
  "id" desc
limit
  $2;

-- listMessages: one type
select
  *
from
  "user_messages"
where
  "user_id" = $1
  and "type" = $2
order by
  "status",
  "id" desc
limit
  $3;

-- listMessages: a member without money
select
  *
from
  "user_messages"
where
  "user_id" = $1
  and "about_money" = $2
order by
  "status",
  "id" desc
limit
  $3;

-- markMessagesRead: every message
update "user_messages"
set
  "status" = $1
where
  "id" in (
    select
      "id"
    from
      "user_messages"
    where
      "user_id" = $2
  );

-- markMessagesRead: two messages
update "user_messages"
set
  "status" = $1
where
  "id" in (
    select
      "id"
    from
      "user_messages"
    where
      "user_id" = $2
  )
  and "id" in ($3, $4);

-- markMessagesRead: a member without money
update "user_messages"
set
  "status" = $1
where
  "id" in (
    select
      "id"
    from
      "user_messages"
    where
      "user_id" = $2
      and "about_money" = $3
  );
