-- The SQL of modules/audit/repo.ts, made from test/sql/modules/audit.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- userLogRows: any account, first page
select
  "user_logs"."id",
  "user_logs"."actor_id",
  "actor"."username" as "actor",
  "user_logs"."subject_id",
  "subject"."username" as "subject",
  "user_logs"."method",
  "user_logs"."path",
  "user_logs"."status_code",
  "user_logs"."ip",
  "user_logs"."acting",
  "user_logs"."api_key_mode",
  "user_logs"."created_at"
from
  "user_logs"
  left join "users" as "actor" on "actor"."id" = "user_logs"."actor_id"
  left join "users" as "subject" on "subject"."id" = "user_logs"."subject_id"
order by
  "user_logs"."id" desc
limit
  $1
offset
  $2;

-- userLogRows: own, every filter, after an id
select
  "user_logs"."id",
  "user_logs"."actor_id",
  "actor"."username" as "actor",
  "user_logs"."subject_id",
  "subject"."username" as "subject",
  "user_logs"."method",
  "user_logs"."path",
  "user_logs"."status_code",
  "user_logs"."ip",
  "user_logs"."acting",
  "user_logs"."api_key_mode",
  "user_logs"."created_at"
from
  "user_logs"
  left join "users" as "actor" on "actor"."id" = "user_logs"."actor_id"
  left join "users" as "subject" on "subject"."id" = "user_logs"."subject_id"
where
  "user_logs"."subject_id" = $1
  and "user_logs"."subject_id" = $2
  and "user_logs"."actor_id" = $3
  and "user_logs"."path" like $4
  and "user_logs"."created_at" >= $5
  and "user_logs"."created_at" < $6
  and "user_logs"."id" < $7
order by
  "user_logs"."id" desc
limit
  $8
offset
  $9;

-- userLogRows: owned accounts, by offset
select
  "user_logs"."id",
  "user_logs"."actor_id",
  "actor"."username" as "actor",
  "user_logs"."subject_id",
  "subject"."username" as "subject",
  "user_logs"."method",
  "user_logs"."path",
  "user_logs"."status_code",
  "user_logs"."ip",
  "user_logs"."acting",
  "user_logs"."api_key_mode",
  "user_logs"."created_at"
from
  "user_logs"
  left join "users" as "actor" on "actor"."id" = "user_logs"."actor_id"
  left join "users" as "subject" on "subject"."id" = "user_logs"."subject_id"
where
  "user_logs"."subject_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
order by
  "user_logs"."id" desc
limit
  $2
offset
  $3;

-- countUserLogs: any account
select
  count(*) as "total"
from
  "user_logs";

-- countUserLogs: owned accounts, every filter
select
  count(*) as "total"
from
  "user_logs"
where
  "user_logs"."subject_id" in (
    select
      "id"
    from
      "users"
    where
      "owner_id" = $1
  )
  and "user_logs"."subject_id" = $2
  and "user_logs"."actor_id" = $3
  and "user_logs"."path" like $4
  and "user_logs"."created_at" >= $5
  and "user_logs"."created_at" < $6;
