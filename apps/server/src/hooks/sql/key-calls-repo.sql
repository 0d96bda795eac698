-- The SQL of hooks/key-calls-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- countKeyCall: a key's call this minute
insert into
  "api_key_calls" ("session_id", "window_start", "calls")
values
  ($1, $2, $3)
on conflict ("session_id", "window_start") do update
set
  "calls" = "api_key_calls"."calls" + $4
returning
  "calls";

-- deleteKeyCallsBefore: minutes gone by
delete from "api_key_calls"
where
  "window_start" < $1;
