-- The SQL of modules/auth/sessions-repo.ts, made from test/sql/modules/auth.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertSession: a sign-in
insert into
  "sessions" (
    "token_hash",
    "user_id",
    "actor_id",
    "issued_at",
    "expires_at"
  )
values
  ($1, $2, $3, $4, $5);

-- liveSessionByHash: a token's hash
select
  "id",
  "user_id",
  "actor_id",
  "issued_at",
  "expires_at",
  "api_key_name",
  "api_key_read_only",
  "api_key_test",
  "api_key_areas",
  "api_key_ips",
  "api_key_lineage"
from
  "sessions"
where
  "token_hash" = $1
  and "revoked_at" is null
  and "expires_at" > $2;

-- shortenSession: a renewed session
update "sessions"
set
  "expires_at" = $1
where
  "id" = $2
  and "revoked_at" is null
  and "expires_at" > $3;

-- revokeSession: by id
update "sessions"
set
  "revoked_at" = $1
where
  "id" = $2;

-- revokeUserSessions: every session
update "sessions"
set
  "revoked_at" = $1
where
  (
    "user_id" = $2
    or "actor_id" = $3
  )
  and "revoked_at" is null
  and "api_key_name" is null;

-- revokeUserSessions: all but the one that changed the password
update "sessions"
set
  "revoked_at" = $1
where
  (
    "user_id" = $2
    or "actor_id" = $3
  )
  and "revoked_at" is null
  and "api_key_name" is null
  and "id" != $4;
