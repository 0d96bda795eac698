-- The SQL of modules/auth/login-throttles-repo.ts, made from test/sql/modules/auth.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- throttleOf: a username
select
  "locked_until"
from
  "login_throttles"
where
  "username" = $1;

-- ensureThrottle: a username
insert into
  "login_throttles" ("username", "failures", "window_start")
values
  ($1, $2, $3)
on conflict ("username") do nothing;

-- countFailure: a failure
update "login_throttles"
set
  "failures" = case
    when window_start < $1 then 1
    else failures + 1
  end,
  "window_start" = case
    when window_start < $2 then cast($3 as bigint)
    else window_start
  end
where
  "username" = $4
returning
  "failures",
  "lockouts";

-- lockUsername: a lock
update "login_throttles"
set
  "failures" = $1,
  "window_start" = $2,
  "locked_until" = $3,
  "lockouts" = $4
where
  "username" = $5;

-- deleteThrottle: a username
delete from "login_throttles"
where
  "username" = $1;
