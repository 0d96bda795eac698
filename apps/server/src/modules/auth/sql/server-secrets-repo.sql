-- The SQL of modules/auth/server-secrets-repo.ts, made from test/sql/modules/auth.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- secretValue: by name
select
  "value"
from
  "server_secrets"
where
  "name" = $1;

-- keepSecretOnce: a first secret
insert into
  "server_secrets" ("name", "value", "created_at")
values
  ($1, $2, $3)
on conflict ("name") do nothing;

-- storedSecret: by name
select
  "value"
from
  "server_secrets"
where
  "name" = $1;
