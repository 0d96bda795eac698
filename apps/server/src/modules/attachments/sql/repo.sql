-- The SQL of modules/attachments/repo.ts, made from test/sql/modules/attachments.ts by `npm run sql:snapshots -w apps/server`. Do not edit.

-- insertAttachment: a file
insert into
  "attachments" (
    "user_id",
    "stored_name",
    "original_name",
    "mime",
    "size",
    "created_at"
  )
values
  ($1, $2, $3, $4, $5, $6)
returning
  "id";

-- findAttachment: by id
select
  *
from
  "attachments"
where
  "id" = $1;
