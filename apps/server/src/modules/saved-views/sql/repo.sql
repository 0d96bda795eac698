-- The SQL of modules/saved-views/repo.ts, made from test/sql/modules/saved-views.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- viewsFor: a member
select
  *
from
  "saved_views"
where
  "account_id" = $1
  and (
    "user_id" = $2
    or "shared" = $3
  )
order by
  "name",
  "id";

-- insertView: a shared view
insert into
  "saved_views" (
    "account_id",
    "user_id",
    "name",
    "shared",
    "state",
    "created_at",
    "updated_at"
  )
values
  ($1, $2, $3, $4, $5, $6, $7)
returning
  *;

-- updateOwnView: renamed
update "saved_views"
set
  "name" = $1,
  "updated_at" = $2
where
  "id" = $3
  and "account_id" = $4
  and "user_id" = $5
returning
  *;

-- deleteOwnView: by id
delete from "saved_views"
where
  "id" = $1
  and "account_id" = $2
  and "user_id" = $3;
