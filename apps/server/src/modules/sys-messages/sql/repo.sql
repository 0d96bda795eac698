-- The SQL of modules/sys-messages/repo.ts, made from test/sql/modules/sys-messages.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertSysMessage: to everyone
insert into
  "sys_messages" (
    "title",
    "content",
    "audience",
    "created_by",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- insertSysMessage: to two users (1 of 2)
insert into
  "sys_messages" (
    "title",
    "content",
    "audience",
    "created_by",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5)
returning
  "id";

-- insertSysMessage: to two users (2 of 2)
insert into
  "sys_message_recipients" ("sys_message_id", "user_id")
values
  ($1, $2),
  ($3, $4);

-- listSentMessages: a page with a message to users (1 of 3)
select
  "sys_messages"."id",
  "sys_messages"."title",
  "sys_messages"."content",
  "sys_messages"."audience",
  "sys_messages"."created_at",
  "users"."username" as "author",
  (
    select
      count(*) as "n"
    from
      "sys_message_reads"
    where
      "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  ) as "read_count"
from
  "sys_messages"
  inner join "users" on "users"."id" = "sys_messages"."created_by"
order by
  "sys_messages"."id" desc
limit
  $1
offset
  $2;

-- listSentMessages: a page with a message to users (2 of 3)
select
  count(*) as "total"
from
  "sys_messages";

-- listSentMessages: a page with a message to users (3 of 3)
select
  "sys_message_id",
  "user_id"
from
  "sys_message_recipients"
where
  "sys_message_id" in ($1)
order by
  "user_id";

-- listSentMessages: by keyword (1 of 2)
select
  "sys_messages"."id",
  "sys_messages"."title",
  "sys_messages"."content",
  "sys_messages"."audience",
  "sys_messages"."created_at",
  "users"."username" as "author",
  (
    select
      count(*) as "n"
    from
      "sys_message_reads"
    where
      "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  ) as "read_count"
from
  "sys_messages"
  inner join "users" on "users"."id" = "sys_messages"."created_by"
where
  lower("sys_messages"."title") like $1
order by
  "sys_messages"."id" desc
limit
  $2
offset
  $3;

-- listSentMessages: by keyword (2 of 2)
select
  count(*) as "total"
from
  "sys_messages"
where
  lower("sys_messages"."title") like $1;

-- deleteSysMessages: two messages
delete from "sys_messages"
where
  "id" in ($1, $2);

-- inboxOf: every message (1 of 3)
select
  "sys_messages"."id",
  "sys_messages"."title",
  "sys_messages"."content",
  "sys_messages"."created_at",
  "sys_message_reads"."read_at"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  )
order by
  "sys_messages"."id" desc
limit
  $6
offset
  $7;

-- inboxOf: every message (2 of 3)
select
  count(*) as "n"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  );

-- inboxOf: every message (3 of 3)
select
  count(*) as "n"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  )
  and "sys_message_reads"."read_at" is null;

-- inboxOf: unread only, of staff (1 of 3)
select
  "sys_messages"."id",
  "sys_messages"."title",
  "sys_messages"."content",
  "sys_messages"."created_at",
  "sys_message_reads"."read_at"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  )
  and "sys_message_reads"."read_at" is null
order by
  "sys_messages"."id" desc
limit
  $6
offset
  $7;

-- inboxOf: unread only, of staff (2 of 3)
select
  count(*) as "n"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  )
  and "sys_message_reads"."read_at" is null;

-- inboxOf: unread only, of staff (3 of 3)
select
  count(*) as "n"
from
  "sys_messages"
  left join "sys_message_reads" on "sys_message_reads"."sys_message_id" = "sys_messages"."id"
  and "sys_message_reads"."user_id" = $1
where
  (
    "sys_messages"."audience" in ($2, $3)
    or (
      "sys_messages"."audience" = $4
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $5
      )
    )
  )
  and "sys_message_reads"."read_at" is null;

-- markSysMessagesRead: every message (1 of 2)
select
  "sys_messages"."id"
from
  "sys_messages"
where
  (
    "sys_messages"."audience" in ($1, $2)
    or (
      "sys_messages"."audience" = $3
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $4
      )
    )
  )
  and not exists (
    select
      "sys_message_reads"."user_id"
    from
      "sys_message_reads"
    where
      "sys_message_reads"."sys_message_id" = "sys_messages"."id"
      and "sys_message_reads"."user_id" = $5
  );

-- markSysMessagesRead: every message (2 of 2)
insert into
  "sys_message_reads" ("sys_message_id", "user_id", "read_at")
values
  ($1, $2, $3)
on conflict ("user_id", "sys_message_id") do nothing;

-- markSysMessagesRead: two messages
select
  "sys_messages"."id"
from
  "sys_messages"
where
  (
    "sys_messages"."audience" in ($1, $2)
    or (
      "sys_messages"."audience" = $3
      and exists (
        select
          "sys_message_recipients"."user_id"
        from
          "sys_message_recipients"
        where
          "sys_message_recipients"."sys_message_id" = "sys_messages"."id"
          and "sys_message_recipients"."user_id" = $4
      )
    )
  )
  and "sys_messages"."id" in ($5, $6)
  and not exists (
    select
      "sys_message_reads"."user_id"
    from
      "sys_message_reads"
    where
      "sys_message_reads"."sys_message_id" = "sys_messages"."id"
      and "sys_message_reads"."user_id" = $7
  );
