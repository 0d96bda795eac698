-- The SQL of http/audit-repo.ts, made from test/sql/modules/platform.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertUserLog: a change made acting as a merchant
insert into
  "user_logs" (
    "actor_id",
    "subject_id",
    "method",
    "path",
    "status_code",
    "ip",
    "acting",
    "api_key_mode",
    "before",
    "after",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11);
