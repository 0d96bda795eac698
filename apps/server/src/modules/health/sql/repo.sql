-- The SQL of modules/health/repo.ts, made from test/sql/modules/health.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- pingDatabase: a ping
select
  1;
