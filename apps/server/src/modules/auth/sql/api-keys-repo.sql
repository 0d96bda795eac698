-- The SQL of modules/auth/api-keys-repo.ts, made from test/sql/modules/auth.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- liveKeyRows: a merchant's keys
select
  "id",
  "api_key_name",
  "api_key_prefix",
  "issued_at",
  "expires_at",
  "last_used_at",
  "last_used_ip",
  "api_key_read_only",
  "api_key_test",
  "api_key_areas",
  "api_key_ips",
  "api_key_rolled_at"
from
  "sessions"
where
  "user_id" = $1
  and "api_key_name" is not null
  and "revoked_at" is null
  and "expires_at" > $2
order by
  "id" desc;

-- countLiveKeys: a merchant's keys
select
  count(*) as "live"
from
  "sessions"
where
  "user_id" = $1
  and "api_key_name" is not null
  and "revoked_at" is null
  and "expires_at" > $2;

-- liveKeyRow: one of a merchant's keys
select
  "id",
  "api_key_name",
  "api_key_prefix",
  "issued_at",
  "expires_at",
  "last_used_at",
  "last_used_ip",
  "api_key_read_only",
  "api_key_test",
  "api_key_areas",
  "api_key_ips",
  "api_key_rolled_at",
  "api_key_lineage",
  "actor_id"
from
  "sessions"
where
  "user_id" = $1
  and "api_key_name" is not null
  and "revoked_at" is null
  and "expires_at" > $2
  and "id" = $3;

-- insertKeyRow: a test key limited to reading
insert into
  "sessions" (
    "token_hash",
    "user_id",
    "actor_id",
    "issued_at",
    "expires_at",
    "api_key_name",
    "api_key_prefix",
    "api_key_read_only",
    "api_key_test",
    "api_key_areas",
    "api_key_ips",
    "api_key_lineage"
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
returning
  "id",
  "api_key_name",
  "api_key_prefix",
  "issued_at",
  "expires_at",
  "last_used_at",
  "last_used_ip",
  "api_key_read_only",
  "api_key_test",
  "api_key_areas",
  "api_key_ips",
  "api_key_rolled_at";

-- markKeyRolled: a key rolled
update "sessions"
set
  "api_key_rolled_at" = $1,
  "expires_at" = $2
where
  "id" = $3
  and "api_key_rolled_at" is null;

-- revokeKeyRow: one of a merchant's keys
update "sessions"
set
  "revoked_at" = $1
where
  "id" = $2
  and "user_id" = $3
  and "api_key_name" is not null
  and "revoked_at" is null;

-- touchApiKey: a call
update "sessions"
set
  "last_used_at" = $1,
  "last_used_ip" = $2
where
  "id" = $3
  and (
    "last_used_at" is null
    or "last_used_at" < $4
    or "last_used_ip" is null
    or "last_used_ip" != $5
  );
